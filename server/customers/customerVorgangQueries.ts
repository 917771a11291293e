import { sql } from 'kysely';
import type { CustomerVorgang } from '../../src/resources/customers/vorgaenge/vorgangTypes';
import type { Database } from '../platform/db/database';

/** The Vorgänge of one customer, newest first, with status, volume, Endkunde and their Belege with positions. */
export async function customerVorgaenge(db: Database, customerId: number): Promise<CustomerVorgang[]> {
  const { rows } = await sql<CustomerVorgang>`
    SELECT v.id, v.version, v.vorgang_number AS "vorgangNumber", v.title, ps.name AS "systemStatus",
      cs.name AS "customStatus", cs.color AS "customStatusColor", v.net_total_cents::float8 AS "netTotalCents",
      u.name AS seller, v.last_activity_at AS "lastActivityAt",
      CASE WHEN e.id IS NULL THEN NULL ELSE json_build_object('id', e.id, 'name', e.name, 'city', e.city) END AS "endCustomer",
      coalesce((
        SELECT json_agg(json_build_object(
          'id', b.id, 'belegNumber', b.beleg_number, 'belegType', b.beleg_type,
          'belegDate', to_char(b.beleg_date, 'YYYY-MM-DD'), 'netCents', b.net_cents,
          'positions', coalesce((
            SELECT json_agg(json_build_object(
              'id', p.id, 'version', p.version, 'posNr', p.pos_nr, 'articleNumber', p.article_number,
              'description', p.description, 'customDescription', p.custom_description,
              'quantity', p.quantity, 'unit', p.unit, 'unitPriceCents', p.unit_price_cents,
              'totalCents', p.total_cents) ORDER BY p.pos_nr)
            FROM beleg_position p WHERE p.beleg_id = b.id), '[]'::json)
        ) ORDER BY b.beleg_date DESC, b.id DESC)
        FROM beleg b WHERE b.vorgang_id = v.id), '[]'::json) AS belege
    FROM vorgang v
    JOIN possible_status ps ON ps.code = v.system_status
    LEFT JOIN custom_status cs ON cs.id = v.custom_status_id
    LEFT JOIN app_user u ON u.id = v.seller_user_id
    LEFT JOIN end_customer e ON e.id = v.end_customer_id
    WHERE v.customer_id = ${customerId}
    ORDER BY v.created_at DESC, v.id DESC
    LIMIT 200`.execute(db);
  return rows;
}
