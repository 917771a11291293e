import { sql, type RawBuilder } from 'kysely';

/**
 * The automation's lines on a customer's or Vorgang's timeline ("Automatisch: Todo „Angebot nachfassen“
 * angelegt"): each step a run did or gave up on, for the runs of `where` (on alias `r`), in the timeline's
 * columns (`kind, id, at, text, author, version, own, details`).
 */
export function automationTimelineEntries(where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
      SELECT 'automatik' AS kind, (r.id * 100 + s.step)::int AS id, s.at, s.detail AS text,
        'Automatik (' || a.name || ')' AS author, 1 AS version, false AS own,
        jsonb_build_object('summary', s.summary, 'state', s.state, 'error', s.error, 'automationId', a.id,
          'occurrence', r.occurrence) AS details
      FROM automation_run_step s JOIN automation_run r ON r.id = s.run_id JOIN automation a ON a.id = r.automation_id
      WHERE s.state <> 'uebersprungen' AND ${where}`;
}
