import { sql } from 'kysely';
import type { TimelineItem } from '../../src/resources/customers/timeline/timelineTypes';
import { automationTimelineEntries } from '../automation';
import { offerTimelineEntries } from '../offerOnline';
import type { Database } from '../platform/db/database';
import {
  activityEntries,
  belegEntries,
  TIMELINE_PAGE,
  timelineEntriesPage,
} from '../customers/timelineQueries';

/**
 * One page of a Vorgang's history, newest first, in the customer timeline's shape and paging (so its
 * entries render alike): notes on its Belege, its activities, Belege, e-mails, status changes and what sellers
 * changed on it (vorgang_event: Eigener Status, labels, files, Verkäufer), and what automations did.
 */
export function vorgangTimelinePage(
  db: Database,
  vorgangId: number,
  cursor?: string,
  limit = TIMELINE_PAGE,
): Promise<{ items: TimelineItem<Date>[]; next: string | null }> {
  const entries = sql`
      SELECT 'notiz' AS kind, n.id, n.created_at AS at, n.text, n.created_by AS author, 1 AS version,
        false AS own, jsonb_build_object('beleg', b.beleg_number) AS details
      FROM beleg_note n JOIN beleg b ON b.id = n.beleg_id WHERE b.vorgang_id = ${vorgangId}
      UNION ALL ${activityEntries(sql`a.vorgang_id = ${vorgangId}`)}
      UNION ALL ${belegEntries(sql`b.vorgang_id = ${vorgangId}`)}
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
      UNION ALL
      SELECT 'aenderung', e.id::int, e.changed_at, NULL, e.changed_by, 1, false,
        e.details || jsonb_build_object('event', e.kind, 'via', e.via)
      FROM vorgang_event e WHERE e.vorgang_id = ${vorgangId}
      UNION ALL ${automationTimelineEntries(sql`r.vorgang_id = ${vorgangId}`)}
      UNION ALL ${offerTimelineEntries(sql`l.vorgang_id = ${vorgangId}`)}`;
  return timelineEntriesPage(db, entries, cursor, limit);
}
