import { sql } from 'kysely';
import type { NotificationKind } from '../../src/resources/notifications/notificationTypes';
import type { Executor } from '../platform/entities/entityRepository';

/** One notification for one CRM user. */
export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  title: string;
  body?: string | null;
  /** Where a click leads inside the app (/crm/…). */
  link?: string | null;
  vorgangId?: number | null;
  customerId?: number | null;
}

/**
 * Keeps notifications for their people in the caller's transaction (they appear when it commits, live on open
 * pages through the table's pg_notify), except for people who switched that kind off. Answers how many were
 * kept. The one way any area tells people something in the app.
 */
export async function notify(trx: Executor, items: readonly NewNotification[]): Promise<number> {
  if (items.length === 0) return 0;
  const column = <T>(pick: (item: NewNotification) => T) => items.map(pick);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO notification (user_id, kind, title, body, link, vorgang_id, customer_id)
    SELECT n.user_id, n.kind, n.title, n.body, n.link, n.vorgang_id, n.customer_id
    FROM unnest(${column((i) => i.userId)}::int[], ${column((i) => i.kind)}::text[],
                ${column((i) => i.title)}::text[], ${column((i) => i.body ?? null)}::text[],
                ${column((i) => i.link ?? null)}::text[], ${column((i) => i.vorgangId ?? null)}::int[],
                ${column((i) => i.customerId ?? null)}::int[])
      AS n (user_id, kind, title, body, link, vorgang_id, customer_id)
    WHERE NOT EXISTS (SELECT 1 FROM notification_setting s
                      WHERE s.user_id = n.user_id AND n.kind = ANY (s.muted_kinds))
    RETURNING id`.execute(trx);
  return rows.length;
}
