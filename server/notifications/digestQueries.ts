import type { Database } from '../platform/db/database';

/** Whom a digest is due for on `day`: digest on, not sent that day yet, active, with an e-mail address. */
export async function digestCandidates(db: Database, day: string, afterUserId: number, limit: number) {
  const rows = await db
    .selectFrom('notification_setting as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .select(['s.user_id as userId'])
    .where('s.daily_digest', '=', true)
    .where((eb) => eb.or([eb('s.digest_sent_on', 'is', null), eb('s.digest_sent_on', '<', day)]))
    .where('u.active', '=', true)
    .where('u.email', 'is not', null)
    .where('u.email', '<>', '')
    .where('s.user_id', '>', afterUserId)
    .orderBy('s.user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.userId);
}

/**
 * Takes the person's digest of `day` (in `trx`): marks the day as sent, if it was not yet, and answers what the
 * last digest covered; null when another run took it (the row's lock makes a second taker wait and then find
 * the day sent).
 */
export async function claimDigestDay(trx: Database, userId: number, day: string) {
  const row = await trx
    .updateTable('notification_setting')
    .set({ digest_sent_on: day })
    .where('user_id', '=', userId)
    .where('daily_digest', '=', true)
    .where((eb) => eb.or([eb('digest_sent_on', 'is', null), eb('digest_sent_on', '<', day)]))
    .returning(['digest_through_id'])
    .executeTakeFirst();
  return row ? { throughId: Number(row.digest_through_id ?? 0) } : null;
}

/** The person's unread notifications newer than `afterId`, oldest first (at most `limit`), and how many in all. */
export async function unreadSince(db: Database, userId: number, afterId: number, limit: number) {
  const base = db
    .selectFrom('notification')
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('id', '>', afterId);
  const rows = await base
    .select(['id', 'title', 'body', 'link', 'created_at'])
    .orderBy('id')
    .limit(limit)
    .execute();
  const total = await base
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('id').as('lastId')])
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n), lastId: total.lastId === null ? 0 : Number(total.lastId) };
}

/** Notes the highest notification id a digest covered (the next one lists only newer ones). */
export async function markDigestThrough(trx: Database, userId: number, lastId: number) {
  await trx
    .updateTable('notification_setting')
    .set({ digest_through_id: lastId })
    .where('user_id', '=', userId)
    .execute();
}

/** Name and address of a person, for the digest's greeting and recipient. */
export async function recipientOf(db: Database, userId: number) {
  return db
    .selectFrom('app_user')
    .select(['name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}
