import { sql } from 'kysely';
import type { ChangeEntry } from '../../src/resources/changeHistory/changeHistory.endpoints';
import type { Database } from '../platform/db/database';
import type { ChangeRow } from '../changeHistory/describeChanges';

type Row = Record<string, unknown>;

/** Turns change records into the admin view's entries (the Änderungsverlauf area's describe). */
export type DescribeChanges = (rows: ChangeRow[]) => Promise<ChangeEntry[]>;

/** The rows an Art. 15 report is made of, by table, as the database holds them. */
export interface CustomerRows {
  customer: Row;
  vorgaenge: Row[];
  belege: Row[];
  notes: Row[];
  personalNotes: Row[];
  activities: Row[];
  meetings: Row[];
  mails: Row[];
  nps: Row[];
  consents: Row[];
  automationRuns: Row[];
  notifications: Row[];
  labels: Row[];
  files: Row[];
  history: ChangeEntry[];
  created: { actor_name: string }[];
}

/**
 * Reads everything held about one customer that names or describes them, by table (null: no such customer);
 * the Änderungsverlauf comes through `describe` with the old values the CRM still keeps.
 */
export async function readCustomerRows(
  db: Database,
  customerId: number,
  describe: DescribeChanges,
): Promise<CustomerRows | null> {
  const customer = (
    await sql<Row>`SELECT c.*, u.name AS owner_name, b.name AS branch_name FROM customer c
      LEFT JOIN app_user u ON u.id = c.owner_user_id LEFT JOIN branch b ON b.id = c.branch_id
      WHERE c.id = ${customerId}`.execute(db)
  ).rows[0];
  if (!customer) return null;
  const rows = async (query: ReturnType<typeof sql<Row>>) => (await query.execute(db)).rows;
  const vorgaenge = await rows(sql<Row>`
    SELECT v.id, v.vorgang_number, v.title, v.system_status, v.created_at, v.lost_reason,
      e.name AS end_name, e.street AS end_street, e.zip AS end_zip, e.city AS end_city, e.phone AS end_phone,
      e.email AS end_email
    FROM vorgang v LEFT JOIN end_customer e ON e.id = v.end_customer_id
    WHERE v.customer_id = ${customerId} ORDER BY v.created_at`);
  const belege = await rows(sql<Row>`
    SELECT b.beleg_number, b.beleg_type, b.beleg_date, b.net_cents, v.vorgang_number,
      (SELECT string_agg(n.text, ' | ' ORDER BY n.created_at) FROM beleg_note n WHERE n.beleg_id = b.id) AS notes,
      (SELECT string_agg(p.pos_nr || ': ' || p.custom_description, ' | ' ORDER BY p.pos_nr) FROM beleg_position p
        WHERE p.beleg_id = b.id AND p.custom_description IS NOT NULL) AS own_texts
    FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id WHERE v.customer_id = ${customerId}
    ORDER BY b.beleg_date, b.beleg_number`);
  const notes = await db
    .selectFrom('timeline_note')
    .select(['created_at', 'author_name', 'text'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .execute();
  const personalNotes = await db
    .selectFrom('personal_note')
    .select(['updated_at', 'text'])
    .where('customer_id', '=', customerId)
    .where('text', '<>', '')
    .orderBy('updated_at')
    .execute();
  // A Termin the CRM wrote into a seller's Outlook calendar is a copy there too (Microsoft 365, per person).
  const activities = await rows(sql<Row>`
    SELECT a.activity_date, a.activity_type, a.note, a.due_date, a.done, u.name AS user_name,
      (SELECT ou.name FROM m365_event me JOIN app_user ou ON ou.id = me.user_id
        WHERE me.activity_id = a.id AND me.event_id IS NOT NULL AND me.want <> 'loeschen') AS outlook_of
    FROM activity a LEFT JOIN app_user u ON u.id = a.user_id
    WHERE a.customer_id = ${customerId} ORDER BY a.activity_date`);
  const meetings = await rows(sql<Row>`
    SELECT m.start_at, m.end_at, m.subject, m.location, u.name AS user_name
    FROM m365_meeting m LEFT JOIN app_user u ON u.id = m.user_id
    WHERE m.customer_id = ${customerId} ORDER BY m.start_at`);
  const mails = await db
    .selectFrom('sent_mail')
    .select(['sent_at', 'recipient', 'subject', 'body', 'sender_name', 'status'])
    .where('customer_id', '=', customerId)
    .orderBy('sent_at')
    .execute();
  const nps = await db
    .selectFrom('nps_answer')
    .select(['answered_at', 'score', 'comment', 'channel'])
    .where('customer_id', '=', customerId)
    .orderBy('answered_at')
    .execute();
  const consents = await db
    .selectFrom('customer_consent')
    .select(['granted', 'source', 'given_on', 'note', 'recorded_at', 'recorded_by_name'])
    .where('customer_id', '=', customerId)
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
  // What the automations did with the customer or their Vorgänge, and what they told the staff about them.
  const ofCustomer = sql`(customer_id = ${customerId}
    OR vorgang_id IN (SELECT id FROM vorgang WHERE customer_id = ${customerId}))`;
  const automationRuns = await rows(sql<Row>`
    SELECT r.created_at, a.name AS automation_name, r.occurrence, r.state, r.error,
      (SELECT string_agg(s.summary || coalesce(' (' || s.detail || ')', ''), ' | ' ORDER BY s.step)
        FROM automation_run_step s WHERE s.run_id = r.id) AS steps
    FROM automation_run r JOIN automation a ON a.id = r.automation_id
    WHERE r.id IN (SELECT id FROM automation_run WHERE ${ofCustomer}) ORDER BY r.created_at, r.id`);
  const notifications = await rows(sql<Row>`
    SELECT n.created_at, n.title, n.body, u.name AS user_name FROM notification n
    JOIN app_user u ON u.id = n.user_id
    WHERE n.id IN (SELECT id FROM notification WHERE ${ofCustomer}) ORDER BY n.created_at, n.id`);
  const labels = await rows(sql<Row>`
    SELECT l.name, cl.added_at, cl.due_date FROM customer_label cl JOIN label l ON l.id = cl.label_id
    WHERE cl.customer_id = ${customerId} ORDER BY l.name`);
  const files = await rows(sql<Row>`
    SELECT f.original_name, f.stored_name, f.size_bytes, f.uploaded_at, f.owner_type FROM stored_file f
    WHERE (f.owner_type = 'kunde' AND f.owner_id = ${customerId})
       OR (f.owner_type = 'aktivitaet' AND f.owner_id IN (SELECT id FROM activity WHERE customer_id = ${customerId}))
       OR (f.owner_type = 'vorgang' AND f.owner_id IN (SELECT id FROM vorgang WHERE customer_id = ${customerId}))
    ORDER BY f.uploaded_at, f.id`);
  // The Änderungsverlauf of the customer and their Vorgänge: the old values it still keeps (a former number).
  const history = await describe(
    (await rows(sql<Row>`SELECT id, at, actor_name AS "actorName", area, record_id::int AS "recordId", action,
        changes, customer_id::int AS "customerId", vorgang_id::int AS "vorgangId"
      FROM change_record WHERE customer_id = ${customerId} ORDER BY at, id`)) as unknown as ChangeRow[],
  );
  const created = await db
    .selectFrom('change_record')
    .select('actor_name')
    .where('area', '=', 'kunden')
    .where('record_id', '=', customerId)
    .where('action', '=', 'create')
    .orderBy('at')
    .limit(1)
    .execute();
  return {
    customer,
    vorgaenge,
    belege,
    notes,
    personalNotes,
    activities,
    meetings,
    mails,
    nps,
    consents,
    automationRuns,
    notifications,
    labels,
    files,
    history,
    created,
  };
}
