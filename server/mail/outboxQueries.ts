import { sql, type Updateable } from 'kysely';
import type { Database } from '../platform/db/database';
import type { DB } from '../platform/db/schema';

/**
 * Takes the sender's lock (one sender's mails one after another across all instances, so the count cannot be
 * outrun) and counts the sender's mails of the last minute, with when the oldest of them leaves the window.
 */
export async function lockSenderWindow(trx: Database, senderOid: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('mail-sender'), hashtext(${senderOid}))`.execute(trx);
  const { rows } = await sql<{ sent: number; freeAt: Date | null }>`
    SELECT count(*)::int AS sent, min(sent_at) + interval '1 minute' AS "freeAt" FROM sent_mail
    WHERE sender_oid = ${senderOid} AND status <> 'wartend' AND sent_at > now() - interval '1 minute'`.execute(
    trx,
  );
  return rows[0]!;
}

/** Changes a mail of the Postausgang (and its updated_at); `sentNow` stamps sent_at with the database's now. */
export async function updateMail(
  trx: Database,
  id: number,
  values: Updateable<DB['sent_mail']>,
  { sentNow = false } = {},
) {
  await trx
    .updateTable('sent_mail')
    .set((eb) => ({
      ...values,
      ...(sentNow ? { sent_at: eb.fn<Date>('now') } : {}),
      updated_at: eb.fn<Date>('now'),
    }))
    .where('id', '=', id)
    .execute();
}

/** Gives up to 1,000 waiting mails without a job (the previous release's) a job id each; answers them. */
export async function giveWaitingMailsJobs(trx: Database) {
  const { rows } = await sql<{ id: number; jobId: string }>`
    UPDATE sent_mail SET job_id = gen_random_uuid()
    WHERE id IN (SELECT id FROM sent_mail WHERE status = 'wartend' AND job_id IS NULL ORDER BY id LIMIT 1000)
      AND status = 'wartend' AND job_id IS NULL
    RETURNING id, job_id AS "jobId"`.execute(trx);
  return rows;
}
