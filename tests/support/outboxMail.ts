import type { Database } from '../../server/platform/db/database';

/** A mail of the Postausgang once the outbox is done with it (sent, or failed for good), or after `until` ms. */
export async function mailWhenSent(db: Database, id: number, until = 20_000) {
  const end = Date.now() + until;
  for (;;) {
    const row = await db
      .selectFrom('sent_mail')
      .select([
        'status',
        'attempts',
        'error',
        'body',
        'raw_message as raw',
        'hidden_fills as hiddenFills',
        'attachments',
        'delivered_via as via',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.status !== 'wartend' || Date.now() > end) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The text part of a rendered mail as the customer reads it (quoted-printable undone). */
export const sentTextOf = (raw: string) =>
  raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
