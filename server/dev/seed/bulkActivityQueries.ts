import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';
import type { BulkDay, BulkMaster } from './bulkSeedTypes';

/**
 * About ten activities a customer (9–11): the last on the customer's last activity day, the others done between
 * creation and then (one in ten of the latest still open, due on its day), and for three in ten customers one
 * planned in the next 20 days.
 */
export async function insertActivities(trx: Database, master: BulkMaster, day: BulkDay): Promise<number> {
  const types = master.activityTypes;
  const result = await sql`
    INSERT INTO activity (customer_id, activity_type, reason_id, activity_date, due_date, done, note, user_id,
      created_at, updated_at, updated_by)
    SELECT a.customer_id, (${types}::text[])[1 + floor(pg_temp.rnd(a.key, 70) * ${types.length})::int],
      CASE WHEN a.g <= 3 THEN (${master.reasons}::int[])[1 + floor(pg_temp.rnd(a.key, 71) * ${master.reasons.length})::int] END,
      a.at, CASE WHEN NOT a.done THEN (a.at AT TIME ZONE ${day.zone})::date END, a.done,
      (ARRAY['Kunde wünscht Rückruf am Vormittag.', 'Termin im Schauraum vereinbart.',
             'Angebot telefonisch besprochen, Preis passt grundsätzlich.', 'Aufmaß vor Ort erledigt, Fotos im Akt.',
             'Interesse an Förderung für Fenstertausch.', 'Prospekt zugeschickt.', NULL, NULL])[1 + floor(pg_temp.rnd(a.key, 72) * 8)::int],
      a.owner_user_id, least(a.at, ${day.now}::timestamptz), least(a.at, ${day.now}::timestamptz), a.updated_by
    FROM (
      SELECT c.id AS customer_id, g, c.id::bigint * 16 + g AS key, c.owner_user_id, c.updated_by,
        CASE WHEN g = 0 THEN ${day.todayStart}::timestamptz + (1 + 19 * pg_temp.rnd(c.id * 16, 73)) * interval '1 day'
             WHEN g = 1 THEN c.last_activity_at
             ELSE c.created_at + (c.last_activity_at - c.created_at) * pg_temp.rnd(c.id::bigint * 16 + g, 74) END AS at,
        NOT (g = 0 OR (g = 2 AND pg_temp.rnd(c.id, 75) < 0.1)) AS done
      FROM customer c
      CROSS JOIN LATERAL generate_series(CASE WHEN pg_temp.rnd(c.id, 76) < 0.3 THEN 0 ELSE 1 END,
                                         9 + floor(pg_temp.rnd(c.id, 77) * 2)::int) g
    ) a`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** Labels: 22 % of the customers one, 8 % two; a third of the open Angebote one with a due day. */
export async function insertLabels(trx: Database, master: BulkMaster, day: BulkDay): Promise<void> {
  const customerLabels = JSON.stringify(
    master.customerLabels.map((l, k) => ({ k, id: l.id, due_after_days: l.dueAfterDays })),
  );
  const vorgangLabels = JSON.stringify(
    master.vorgangLabels.map((l, k) => ({ k, id: l.id, due_after_days: l.dueAfterDays })),
  );
  await sql`
    INSERT INTO customer_label (customer_id, label_id, due_date, added_by, owner_user_id, branch_id)
    SELECT c.id, l.id,
      CASE WHEN l.due_after_days IS NOT NULL THEN greatest(${day.today}::date - 10 + floor(pg_temp.rnd(c.id, 80 + g) * 41)::int,
                                                         (c.created_at AT TIME ZONE ${day.zone})::date) END,
      c.updated_by, c.owner_user_id, c.branch_id
    FROM customer c
    CROSS JOIN LATERAL generate_series(1, CASE WHEN pg_temp.rnd(c.id, 78) < 0.70 THEN 0
                                               WHEN pg_temp.rnd(c.id, 78) < 0.92 THEN 1 ELSE 2 END) g
    JOIN jsonb_to_recordset(${customerLabels}::jsonb) AS l(k int, id int, due_after_days int)
      ON l.k = (floor(pg_temp.rnd(c.id, 79) * ${master.customerLabels.length})::int + g - 1) % ${master.customerLabels.length}`.execute(
    trx,
  );
  await sql`
    INSERT INTO vorgang_label (vorgang_id, label_id, due_date, added_by, seller_user_id, branch_id)
    SELECT v.id, l.id,
      greatest(${day.today}::date - 14 + floor(pg_temp.rnd(v.id, 82) * (l.due_after_days + 15))::int,
               (v.created_at AT TIME ZONE ${day.zone})::date),
      v.updated_by, v.seller_user_id, v.branch_id
    FROM vorgang v
    JOIN jsonb_to_recordset(${vorgangLabels}::jsonb) AS l(k int, id int, due_after_days int)
      ON l.k = floor(pg_temp.rnd(v.id, 81) * ${master.vorgangLabels.length})::int
    WHERE v.system_status = 'angebot' AND pg_temp.rnd(v.id, 80) < 0.35`.execute(trx);
}

/** NPS answers for four in ten invoiced Vorgänge, 7–40 days after the invoice; notes on a quarter of the customers. */
export async function insertAnswersAndNotes(trx: Database, day: BulkDay): Promise<void> {
  await sql`
    INSERT INTO nps_answer (customer_id, vorgang_id, score, comment, channel, answered_at, branch_id, seller_user_id,
      created_at, updated_at, updated_by)
    SELECT x.customer_id, x.id, x.score,
      CASE WHEN x.score >= 9 THEN (ARRAY['Sehr saubere Montage, danke!', 'Top Beratung im Schauraum.',
                                         'Alles pünktlich und freundlich.', NULL])[1 + floor(pg_temp.rnd(x.id, 92) * 4)::int]
           WHEN x.score <= 6 THEN (ARRAY['Lieferung hat zu lange gedauert.', 'Monteure kamen zu spät.',
                                         'Preis war höher als erwartet.'])[1 + floor(pg_temp.rnd(x.id, 92) * 3)::int] END,
      (ARRAY['email', 'email', 'telefon', 'web'])[1 + floor(pg_temp.rnd(x.id, 93) * 4)::int],
      x.at, x.branch_id, x.seller_user_id, x.at, x.at, x.updated_by
    FROM (
      SELECT v.id, v.customer_id, v.branch_id, v.seller_user_id, v.updated_by,
        (ARRAY[10, 10, 10, 10, 10, 10, 9, 9, 9, 9, 9, 8, 8, 8, 7, 7, 6, 5, 3, 1])[1 + floor(pg_temp.rnd(v.id, 91) * 20)::int] AS score,
        least((least(v.first_invoice_date + 7 + floor(pg_temp.rnd(v.id, 94) * 34)::int, ${day.today}::date) + time '12:00')
              AT TIME ZONE ${day.zone}, ${day.now}::timestamptz) AS at
      FROM vorgang v WHERE v.system_status = 'rechnung' AND pg_temp.rnd(v.id, 90) < 0.4
    ) x`.execute(trx);
  await sql`
    INSERT INTO timeline_note (customer_id, text, author_oid, author_name, created_at, updated_at, written_at)
    SELECT c.id, (ARRAY['Hund im Garten – bitte vorher klingeln.', 'Zufahrt nur über die Hofeinfahrt möglich.',
                        'Bevorzugt Kontakt per E-Mail.', 'Hat bereits 2019 Fenster bei uns gekauft.'])[1 + floor(pg_temp.rnd(c.id, 96) * 4)::int],
      'seed-' || c.owner_user_id, coalesce(c.updated_by, 'Demodaten'), c.created_at, c.created_at, c.created_at
    FROM customer c WHERE pg_temp.rnd(c.id, 95) < 0.25`.execute(trx);
}

/**
 * The history of years: five Änderungsverlauf records a customer and a change of the Eigener Status on every
 * second Vorgang with one, spread over the months from the customer's creation to now (their partitions made
 * first: a row without its month's partition would wait in the default one).
 */
export async function insertHistory(
  trx: Database,
  day: BulkDay,
): Promise<{ changes: number; events: number }> {
  for (const table of ['change_record', 'vorgang_event']) {
    await sql`SELECT ensure_time_partitions(${table}, 'month', (SELECT min(created_at) FROM customer), ${day.now}::timestamptz)`.execute(
      trx,
    );
  }
  const changes = await sql`
    INSERT INTO change_record (at, actor_oid, actor_name, area, record_id, action, changes, customer_id)
    SELECT c.created_at + (${day.now}::timestamptz - interval '1 hour' - c.created_at) * pg_temp.rnd(c.id::bigint * 8 + g, 97),
           u.azure_oid, coalesce(u.name, 'Datenabgleich'), 'kunden', c.id, 'update',
           jsonb_build_object((ARRAY['phone', 'email', 'city', 'street', 'notes'])[g],
                              jsonb_build_object('old', NULL, 'new', 'Wert ' || g)),
           c.id
    FROM customer c CROSS JOIN generate_series(1, 5) g
    LEFT JOIN app_user u ON u.id = c.owner_user_id`.execute(trx);
  const events = await sql`
    INSERT INTO vorgang_event (vorgang_id, kind, via, details, changed_at, changed_by)
    SELECT v.id, 'eigener_status', CASE WHEN pg_temp.rnd(v.id, 98) < 0.5 THEN 'board' ELSE 'page' END,
      jsonb_build_object('from', 'Erstkontakt', 'to', s.name),
      least(v.created_at + (1 + 20 * pg_temp.rnd(v.id, 99)) * interval '1 day', ${day.now}::timestamptz - interval '1 hour'),
      v.updated_by
    FROM vorgang v JOIN custom_status s ON s.id = v.custom_status_id
    WHERE v.id % 2 = 0 AND s.name <> 'Erstkontakt'`.execute(trx);
  return { changes: Number(changes.numAffectedRows ?? 0), events: Number(events.numAffectedRows ?? 0) };
}
