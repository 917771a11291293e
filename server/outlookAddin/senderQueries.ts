import { sql } from 'kysely';
import type { SenderOverview } from '../../src/resources/outlookAddin/outlookAddin.endpoints';
import type { Database } from '../platform/db/database';

/** Vorgänge in these states are closed: the panel lists the others. */
const CLOSED = ['rechnung', 'verloren'];

/**
 * The customers whose address is `email` (their own first, then through an Endkunde on their Vorgänge), case
 * folded and of any domain: private customers write from gmx, web.de, aon.at, t-online.
 */
export async function senderOverview(db: Database, email: string): Promise<SenderOverview> {
  const address = email.trim().toLowerCase();
  const { rows: matches } = await sql<{
    id: number;
    name: string | null;
    city: string | null;
    phone: string | null;
    matchedBy: 'kunde' | 'endkunde';
  }>`
    SELECT id, name, city, phone, "matchedBy" FROM (
      SELECT c.id, c.display_name AS name, c.city, coalesce(c.phone, c.mobile) AS phone, 'kunde' AS "matchedBy", 0 AS rank
      FROM customer c WHERE lower(c.email) = ${address}
      UNION
      SELECT c.id, c.display_name, c.city, coalesce(c.phone, c.mobile), 'endkunde', 1
      FROM end_customer e JOIN vorgang v ON v.end_customer_id = e.id JOIN customer c ON c.id = v.customer_id
      WHERE lower(e.email) = ${address}
    ) m ORDER BY rank, id LIMIT 10`.execute(db);
  const seen = new Set<number>();
  const unique = matches.filter((row) => !seen.has(row.id) && seen.add(row.id));
  const customer = unique[0] ?? null;
  if (!customer) return { customer: null, others: [], vorgaenge: [], lastOffer: null };
  const { rows: vorgaenge } = await sql<{ id: number; number: string; title: string; status: string }>`
    SELECT v.id, v.vorgang_number AS number, v.title, coalesce(p.name, v.system_status) AS status
    FROM vorgang v LEFT JOIN possible_status p ON p.code = v.system_status
    WHERE v.customer_id = ${customer.id} AND v.system_status <> ALL(${CLOSED}::text[])
    ORDER BY v.last_activity_at DESC NULLS LAST, v.id DESC LIMIT 20`.execute(db);
  const { rows: offers } = await sql<{
    vorgangId: number;
    vorgangNumber: string;
    number: string;
    date: string;
    netCents: number;
  }>`
    SELECT v.id AS "vorgangId", v.vorgang_number AS "vorgangNumber", b.beleg_number AS number,
      to_char(b.beleg_date, 'YYYY-MM-DD') AS date, b.net_cents::int AS "netCents"
    FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id
    WHERE v.customer_id = ${customer.id} AND b.beleg_type = 'angebot'
    ORDER BY b.beleg_date DESC, b.id DESC LIMIT 1`.execute(db);
  return {
    customer,
    others: unique.slice(1).map(({ id, name, city }) => ({ id, name, city })),
    vorgaenge,
    lastOffer: offers[0] ?? null,
  };
}
