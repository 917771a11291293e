import { sql } from 'kysely';
import type { TimelineItem } from '../../src/resources/customers/timeline/timelineTypes';
import type { Database } from '../platform/db/database';
import { parseTimelineCursor, TIMELINE_PAGE } from '../customers/timeline';

/**
 * One page of a Vorgang's history, newest first, in the customer timeline's shape and paging (so its
 * entries render alike): notes on its Belege, its activities, Belege, e-mails and status changes.
 */
export async function vorgangTimelinePage(
  db: Database,
  vorgangId: number,
  cursor?: string,
  limit = TIMELINE_PAGE,
): Promise<{ items: TimelineItem<Date>[]; next: string | null }> {
  const after = parseTimelineCursor(cursor);
  const { rows } = await sql<TimelineItem<Date>>`
    SELECT *, at::text || '|' || kind || '|' || id AS cursor FROM (
      SELECT 'notiz' AS kind, n.id, n.created_at AS at, n.text, n.created_by AS author, 1 AS version,
        false AS own, jsonb_build_object('beleg', b.beleg_number) AS details
      FROM beleg_note n JOIN beleg b ON b.id = n.beleg_id WHERE b.vorgang_id = ${vorgangId}
      UNION ALL
      SELECT 'aktivitaet', a.id, a.activity_date, a.note, u.name, a.version, false,
        jsonb_build_object('type', a.activity_type, 'reason', r.text, 'done', a.done, 'dueDate', a.due_date)
      FROM activity a LEFT JOIN reason_option r ON r.id = a.reason_id LEFT JOIN app_user u ON u.id = a.user_id
      WHERE a.vorgang_id = ${vorgangId}
      UNION ALL
      SELECT 'beleg', b.id, b.beleg_date::timestamptz, v.title, NULL, b.version, false,
        jsonb_build_object('type', b.beleg_type, 'number', b.beleg_number, 'netCents', b.net_cents,
          'vorgang', v.vorgang_number)
      FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id WHERE b.vorgang_id = ${vorgangId}
      UNION ALL
      SELECT 'email', m.id, m.sent_at, m.body, m.sender_name, 1, false,
        jsonb_build_object('subject', m.subject, 'recipient', m.recipient, 'status', m.status, 'error', m.error)
      FROM sent_mail m WHERE m.vorgang_id = ${vorgangId}
      UNION ALL
      SELECT 'status', c.id::int, c.changed_at, c.reason, c.changed_by, 1, false,
        jsonb_build_object('vorgang', v.vorgang_number, 'from', f.name, 'to', t.name)
      FROM vorgang_status_change c JOIN vorgang v ON v.id = c.vorgang_id
      LEFT JOIN possible_status f ON f.code = c.from_status LEFT JOIN possible_status t ON t.code = c.to_status
      WHERE c.vorgang_id = ${vorgangId}
    ) x
    WHERE ${after === null}
      OR (x.at, x.kind, x.id) < (${after?.at ?? null}::timestamptz, ${after?.kind ?? null}::text, ${after?.id ?? null}::int)
    ORDER BY x.at DESC, x.kind DESC, x.id DESC
    LIMIT ${limit + 1}`.execute(db);
  const items = rows.slice(0, limit);
  return { items, next: rows.length > limit ? items.at(-1)!.cursor : null };
}
