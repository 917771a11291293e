import { sql } from 'kysely';
import type { Notification } from '../../src/resources/notifications/notificationTypes';
import type { Database } from '../platform/db/database';

/** The CRM user behind a caller's directory id; null before their first sign-in made one. */
export async function userIdOf(db: Database, oid: string): Promise<number | null> {
  const row = await db.selectFrom('app_user').select('id').where('azure_oid', '=', oid).executeTakeFirst();
  return row?.id ?? null;
}

/** How many of the person's notifications are unread. */
export async function unreadCount(db: Database, userId: number | null): Promise<number> {
  if (userId === null) return 0;
  const row = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** One page of the person's notifications (or of the unread ones only), newest first. */
export async function notificationPage(
  db: Database,
  userId: number | null,
  offset: number,
  limit: number,
  onlyUnread = false,
): Promise<Notification[]> {
  if (userId === null) return [];
  const rows = await db
    .selectFrom('notification')
    .select(['id', 'kind', 'title', 'body', 'link', 'vorgang_id', 'customer_id', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .$if(onlyUnread, (query) => query.where('read_at', 'is', null))
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind as Notification['kind'],
    title: row.title,
    body: row.body,
    link: row.link,
    vorgangId: row.vorgang_id,
    customerId: row.customer_id,
    createdAt: row.created_at.toISOString(),
    read: row.read_at !== null,
  }));
}

/** Marks the person's notifications read (the named ones, or all). */
export async function markRead(db: Database, userId: number | null, ids: number[] | null): Promise<void> {
  if (userId === null) return;
  let update = db
    .updateTable('notification')
    .set({ read_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== null) update = update.where('id', 'in', ids.length ? ids : [0]);
  await update.execute();
}
