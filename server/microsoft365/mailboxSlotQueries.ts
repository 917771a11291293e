import { sql } from 'kysely';
import type { Database } from '../platform/db/database';

/**
 * Takes the lowest free slot (none, or its lease ended) of `mailbox` among `limit` for `holder`; answers its number,
 * or null when all are held. Two instances that pick the same free slot meet at its primary key: one inserts,
 * the other finds it held (the ON CONFLICT's condition) and gets nothing.
 */
export async function claimMailboxSlot(
  db: Database,
  mailbox: string,
  limit: number,
  holder: string,
  leaseMs: number,
): Promise<number | null> {
  const { rows } = await sql<{ slot: number }>`
    INSERT INTO m365_mailbox_slot AS s (mailbox, slot, holder, expires_at)
    SELECT ${mailbox}, n, ${holder}::uuid, clock_timestamp() + ${leaseMs} * interval '1 millisecond'
    FROM generate_series(0, ${limit - 1}) AS n
    WHERE NOT EXISTS (
      SELECT 1 FROM m365_mailbox_slot h
      WHERE h.mailbox = ${mailbox} AND h.slot = n AND h.expires_at > clock_timestamp())
    ORDER BY n LIMIT 1
    ON CONFLICT (mailbox, slot) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
      WHERE s.expires_at <= clock_timestamp()
    RETURNING s.slot`.execute(db);
  return rows[0]?.slot ?? null;
}

/** Gives a slot back (only the holder's own: an expired one may belong to another call by now). */
export async function releaseMailboxSlot(db: Database, mailbox: string, slot: number, holder: string) {
  await sql`DELETE FROM m365_mailbox_slot WHERE mailbox = ${mailbox} AND slot = ${slot} AND holder = ${holder}::uuid`.execute(
    db,
  );
}
