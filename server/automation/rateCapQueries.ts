import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import { notify } from '../notifications';

/**
 * The rate cap of one automation: at most `runs_per_minute` runs started in any minute. The run that would pass
 * it pauses the automation instead (with the reason, shown in Admin → Automatisierung) and tells its owner in the
 * app; waiting runs stay and go on when it is activated again. Only this automation stops: the others keep
 * their pace (no workspace-wide throttle). Called in the claim's transaction.
 */
export async function mayStartRun(trx: Database, automationId: number): Promise<boolean> {
  // The lock first, the count in a statement of its own: under READ COMMITTED a statement that waited for the
  // lock still counts from the snapshot it began with, so two claims side by side each saw the other's run
  // missing and both went past the cap. NO KEY UPDATE: claims still take turns, but none waits for the sweep or
  // the event matcher, whose new runs hold the row's KEY SHARE lock (their foreign key) until they commit.
  await sql`SELECT 1 FROM automation WHERE id = ${automationId} FOR NO KEY UPDATE`.execute(trx);
  const { rows } = await sql<{ cap: number; started: number; name: string; ownerOid: string; state: string }>`
    SELECT a.runs_per_minute AS cap, a.name, a.owner_oid AS "ownerOid", a.state,
      (SELECT count(*)::int FROM automation_run r
       WHERE r.automation_id = a.id AND r.started_at > now() - interval '1 minute') AS started
    FROM automation a WHERE a.id = ${automationId}`.execute(trx);
  const automation = rows[0];
  if (!automation || automation.state !== 'aktiv') return false;
  if (automation.started < automation.cap) return true;
  const reason = `Mehr als ${automation.cap} Läufe in einer Minute: automatisch pausiert. Bitte prüfen Sie Auslöser und Bedingungen, bevor Sie sie wieder aktivieren.`;
  await sql`
    UPDATE automation SET state = 'pausiert', paused_reason = ${reason}, updated_at = now(),
      updated_by = 'Ratenbegrenzung', version = version + 1
    WHERE id = ${automationId}`.execute(trx);
  const { rows: owner } = await sql<{ id: number }>`
    SELECT id FROM app_user WHERE azure_oid = ${automation.ownerOid}`.execute(trx);
  if (owner[0]) {
    await notify(trx, [
      {
        userId: owner[0].id,
        kind: 'automatisierung',
        title: `Automatisierung „${automation.name}“ pausiert`,
        body: reason,
        link: `/crm/admin/automatisierung/${automationId}`,
      },
    ]);
  }
  return false;
}
