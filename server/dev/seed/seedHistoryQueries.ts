import { sql } from 'kysely';
import { ACTIVITY_TYPES } from '../../../src/resources/activities/activityTypes';
import type { Database } from '../../platform/db/database';

/**
 * The history a company gathers over years, written set-based after the customers (the generator's rows come
 * through the client; these many millions would not): older, done activities (about 7.5 a customer, 10 with the
 * generator's 1–4) and five Änderungsverlauf records a customer, spread from the customer's creation to now.
 */
export async function seedHistory(db: Database): Promise<{ activities: number; changes: number }> {
  const types = ACTIVITY_TYPES.map((type) => type.id);
  const activities = await sql`
    INSERT INTO activity (customer_id, activity_type, activity_date, done, note, user_id, updated_by)
    SELECT c.id, (${types}::text[])[1 + (c.id * 7 + g) % ${types.length}],
           c.created_at + (now() - c.created_at) * (((c.id * 37 + g * 101) % 997) / 997.0), true,
           (ARRAY['Telefonat, Kunde meldet sich.', 'Prospekt zugeschickt.', NULL, 'Kurz im Schauraum.'])[1 + (c.id + g) % 4],
           c.owner_user_id, u.name
    FROM customer c CROSS JOIN LATERAL generate_series(1, 7 + c.id % 2) g
    LEFT JOIN app_user u ON u.id = c.owner_user_id`.execute(db);
  // The months of the history first: rows without their month's partition would wait in the default one.
  await sql`SELECT ensure_time_partitions('change_record', 'month', (SELECT min(created_at) FROM customer), now())`.execute(
    db,
  );
  const changes = await sql`
    INSERT INTO change_record (at, actor_oid, actor_name, area, record_id, action, changes, customer_id)
    SELECT c.created_at + (now() - c.created_at) * (((c.id * 31 + g * 211) % 991) / 991.0),
           u.azure_oid, coalesce(u.name, 'Datenabgleich'), 'kunden', c.id, 'update',
           jsonb_build_object((ARRAY['phone', 'email', 'city', 'street', 'notes'])[g],
                              jsonb_build_object('old', NULL, 'new', 'Wert ' || g)),
           c.id
    FROM customer c CROSS JOIN generate_series(1, 5) g
    LEFT JOIN app_user u ON u.id = c.owner_user_id`.execute(db);
  return {
    activities: Number(activities.numAffectedRows ?? 0),
    changes: Number(changes.numAffectedRows ?? 0),
  };
}

/**
 * The skew a group of companies has, at the million's proportions: one Bauträger holding 2 % of the customers'
 * count in Vorgänge (20,000 at a million; Salesforce warns from 10,000 children on one parent) and one seller
 * owning 5 % of the customers (50,000), with their branch.
 */
export async function seedSkew(
  db: Database,
  customers: number,
  seller: { id: number; branchId: number },
): Promise<{ bautraeger: number; seller: number }> {
  const vorgaenge = Math.round(customers * 0.02);
  const { rows } = await sql<{ id: number }>`
    UPDATE customer SET customer_type = 'gewerbe', company_name = 'Wohnbau Alpenblick Bauträger GmbH',
      first_name = NULL, last_name = NULL
    WHERE id = (SELECT min(id) FROM customer) RETURNING id`.execute(db);
  const bautraeger = rows[0]?.id;
  if (bautraeger !== undefined && vorgaenge > 0) {
    await sql`
      WITH moved AS (
        UPDATE vorgang SET customer_id = ${bautraeger}
        WHERE id IN (SELECT id FROM vorgang WHERE customer_id <> ${bautraeger} ORDER BY id DESC LIMIT ${vorgaenge})
        RETURNING id)
      UPDATE activity SET customer_id = ${bautraeger} WHERE vorgang_id IN (SELECT id FROM moved)`.execute(db);
  }
  await sql`
    UPDATE customer SET owner_user_id = ${seller.id}, branch_id = ${seller.branchId}
    WHERE id % 20 = 0 AND owner_user_id IS DISTINCT FROM ${seller.id}`.execute(db);
  const { rows: owned } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM customer WHERE owner_user_id = ${seller.id}`.execute(db);
  return { bautraeger: vorgaenge, seller: owned[0]!.n };
}
