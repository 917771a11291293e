import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import { countHit } from '../platform/http/rateLimitStore';
import { notify } from '../notifications';

const MINUTE_MS = 60_000;
/** The end of the current clock minute, as `countHit` ends its one-minute windows. */
const MINUTE_ENDS = sql<Date>`to_timestamp((floor(extract(epoch FROM clock_timestamp()) / 60) + 1) * 60)`;

/**
 * The rate cap of one automation: at most `runs_per_minute` runs start in a minute (fixed minutes from :00).
 * The run that would pass it pauses the automation instead (with the reason, shown in Admin →
 * Automatisierung) and tells its owner in the app; waiting runs stay and go on when it is activated again.
 * Only this automation stops: the others keep their pace (no workspace-wide throttle).
 *
 * The count is one upsert into the shared counters of the rate limits (`countHit`, one row per automation
 * and minute), committed on its own before the run's claim: its row lock lasts one statement, so the starts
 * of one automation on every instance go side by side, and each still gets its own number (none passes the
 * cap unseen). A start that then does not happen (the run was handed over, the automation paused meanwhile)
 * still counted: the cap errs on the safe side. A paused automation's waiting runs take no number.
 *
 * Each run counts once per minute: it notes the minute it took its number (`rate_minute_ends`, set by one
 * conditional update, so of two instances trying the same run's claim at once only one counts it); a claim of
 * the same run tried again within that minute goes on without a second number.
 */
export async function mayStartRun(db: Database, automationId: number, runId: number): Promise<boolean> {
  // The state is read before the count: a start within the cap goes on even when a start beside it that passed
  // the cap paused the automation in between (read after, it parked a run the cap allowed).
  const automation = await db
    .selectFrom('automation')
    .select((eb) => ['runs_per_minute as cap', eb('state', '=', 'aktiv').as('active')])
    .where('id', '=', automationId)
    .executeTakeFirst();
  if (!automation?.active) return false;
  const firstThisMinute = await db
    .updateTable('automation_run')
    .set({ rate_minute_ends: MINUTE_ENDS })
    .where('id', '=', runId)
    .where('rate_minute_ends', 'is distinct from', MINUTE_ENDS)
    .returning('id')
    .execute();
  if (firstThisMinute.length === 0) return true;
  const { current } = await countHit(db, `automation:${automationId}`, MINUTE_MS);
  if (current <= automation.cap) return true;
  await pauseForRateCap(db, automationId, automation.cap);
  return false;
}

/**
 * Pauses the automation for passing its cap and tells its owner, once: of the starts that passed the cap side by
 * side only the one whose update still finds it active does it.
 */
async function pauseForRateCap(db: Database, automationId: number, cap: number): Promise<void> {
  const reason = `Mehr als ${cap} Läufe in einer Minute: automatisch pausiert. Bitte prüfen Sie Auslöser und Bedingungen, bevor Sie sie wieder aktivieren.`;
  const pause = async (trx: Database) => {
    const paused = await trx
      .updateTable('automation as a')
      .set((eb) => ({
        state: 'pausiert',
        paused_reason: reason,
        updated_at: eb.fn<Date>('now'),
        updated_by: 'Ratenbegrenzung',
        version: eb('version', '+', 1),
      }))
      .where('a.id', '=', automationId)
      .where('a.state', '=', 'aktiv')
      .returning((eb) => [
        'a.name',
        eb
          .selectFrom('app_user as u')
          .select('u.id')
          .whereRef('u.azure_oid', '=', 'a.owner_oid')
          .as('ownerId'),
      ])
      .executeTakeFirst();
    if (!paused?.ownerId) return;
    await notify(trx, [
      {
        userId: paused.ownerId,
        kind: 'automatisierung',
        title: `Automatisierung „${paused.name}“ pausiert`,
        body: reason,
        link: `/crm/admin/automatisierung/${automationId}`,
      },
    ]);
  };
  await (db.isTransaction ? pause(db) : db.transaction().execute(pause));
}
