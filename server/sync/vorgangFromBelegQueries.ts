// What a Vorgang takes from its Belege when the data sync writes one: system status and Summe netto.
import { sql } from 'kysely';
import { SYNC_ACTOR, withChangeRecord } from '../platform/changes/recordChange';
import type { Database } from '../platform/db/database';
import { vorgangSubject } from '../vorgaenge/vorgangSnapshotQueries';

/**
 * What a Vorgang takes from its Belege, as the Änderungsverlauf compares it: the system status and the
 * Summe netto (stored as they are, so the list, the board's column sums and the dashboard read them directly).
 */
const derivedFromBelege = (vorgang: number) => async (trx: Database) =>
  (await trx
    .selectFrom('vorgang')
    .select(['system_status as systemStatus', 'net_total_cents as netTotalCents'])
    .where('id', '=', vorgang)
    .executeTakeFirst()) ?? null;

/**
 * A Vorgang follows its Belege. Its system status is the furthest Beleg (Rechnung > Auftrag > Angebot);
 * Verloren stays. Its Summe netto is the current Beleg's net amount: the latest Auftragsbestätigung (what was
 * ordered), before any the latest Angebot, and only without either the latest Rechnung (a Vorgang the ERP
 * bills directly); Rechnungen may be partial and Gutschriften are corrections, so neither replaces the order.
 * A Vorgang the ERP left with no Beleg (its Belege moved to another) is an Anfrage again with no Summe netto,
 * as one created in the app before the ERP knows it; the seller's estimate is its own column and stays.
 * Both change in the Beleg's transaction and are recorded as the data sync's.
 */
export async function deriveFromBelege(db: Database, vorgang: number, by: string) {
  const status = sql`CASE WHEN v.system_status = 'verloren' THEN v.system_status ELSE s.status END`;
  const total = sql`coalesce(s.net, CASE WHEN s.belege = 0 THEN 0 ELSE v.net_total_cents END)`;
  await withChangeRecord(
    db,
    { ...vorgangSubject(vorgang), actor: SYNC_ACTOR, read: derivedFromBelege(vorgang) },
    () =>
      sql`
    UPDATE vorgang v
    SET system_status = ${status}, net_total_cents = ${total},
        version = v.version + 1, updated_at = now(), updated_by = ${by}
    FROM (
      SELECT CASE WHEN bool_or(beleg_type = 'rechnung') THEN 'rechnung'
                  WHEN bool_or(beleg_type = 'auftragsbestaetigung') THEN 'auftrag'
                  WHEN count(*) = 0 THEN 'anfrage'
                  ELSE 'angebot' END AS status,
             count(*) AS belege,
             (SELECT b.net_cents FROM beleg b
              WHERE b.vorgang_id = ${vorgang} AND b.beleg_type IN ('auftragsbestaetigung', 'angebot', 'rechnung')
              ORDER BY CASE b.beleg_type WHEN 'auftragsbestaetigung' THEN 0 WHEN 'angebot' THEN 1 ELSE 2 END,
                       b.beleg_date DESC, b.id DESC
              LIMIT 1) AS net
      FROM beleg WHERE vorgang_id = ${vorgang}
    ) s
    WHERE v.id = ${vorgang}
      AND ROW(${status}, ${total}) IS DISTINCT FROM ROW(v.system_status, v.net_total_cents)`.execute(db),
  );
}
