import { sql } from 'kysely';
import { formatEuroCents } from '../../src/i18n/format';
import { activityTypeName } from '../../src/resources/activities/activityTypes';
import type { ChangeEntry } from '../../src/resources/changeHistory/changeHistory.endpoints';
import { CHANGE_ACTIONS } from '../../src/resources/changeHistory/changeText.rules';
import customerEntity from '../../src/resources/customers/customer.entity';
import type { Choice, EntityDeclaration } from '../../src/resources/entity';
import sentMailEntity from '../../src/resources/mail/sentMail.entity';
import { consentSourceName } from '../../src/resources/consent/consent.rules';
import { channelName } from '../../src/resources/nps/nps.rules';
import { BELEG_TYPE_LABELS } from '../../src/resources/vorgaenge/vorgangListTypes';
import { systemStatusName } from '../../src/resources/vorgaenge/vorgangEvents.rules';
import type { Database } from '../platform/db/database';
import type { ChangeRow } from '../changeHistory/describeChanges';
import { offerLinkData } from '../offerOnline';

/** A titled list of facts held about a customer, one section of the Art. 15 report. */
export interface DataSection {
  title: string;
  /** Each row: pairs of label and value, already as people read them. */
  rows: { label: string; value: string }[][];
}

/** A file of the customer (their own, an activity's, a Vorgang's) for the report's ZIP. */
export interface CustomerFile {
  name: string;
  storedName: string;
  sizeBytes: number;
  uploadedAt: string;
  belongsTo: string;
}

/** Everything the Art. 15 report holds of a customer. */
export interface CustomerData {
  customer: Record<string, unknown>;
  sections: DataSection[];
  files: CustomerFile[];
  /** Facts the Art. 15 (1) information names: where the data came from. */
  source: { erp: boolean; origin: string | null; createdBy: string | null };
}

type Row = Record<string, unknown>;
const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const choiceName = (choices: readonly Choice[] | undefined, code: unknown) =>
  choices?.find((choice) => choice.id === code)?.name ?? text(code);
const fieldChoices = (entity: EntityDeclaration, source: string) =>
  entity.fields.find((field) => field.source === source)?.choices;
const BELONGS_TO: Record<string, string> = { kunde: 'Kunde', aktivitaet: 'Aktivität', vorgang: 'Vorgang' };
const RUN_STATES: Record<string, string> = {
  wartend: 'wartet',
  laeuft: 'läuft',
  fertig: 'fertig',
  fehler: 'fehlgeschlagen',
  uebersprungen: 'übersprungen',
};

/**
 * Everything held about one customer that names or describes them, by table, for an Art. 15 report: codes as
 * their German names, the Änderungsverlauf with the old values the CRM still keeps (`describe`: as the admin
 * view shows them), the files with their stored names for the ZIP.
 */
export async function collectCustomerData(
  db: Database,
  customerId: number,
  when: (instant: unknown) => string,
  describe: (rows: ChangeRow[]) => Promise<ChangeEntry[]>,
): Promise<CustomerData | null> {
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
  const notes = await rows(sql<Row>`
    SELECT created_at, author_name, text FROM timeline_note WHERE customer_id = ${customerId} ORDER BY created_at`);
  const personalNotes = await rows(sql<Row>`
    SELECT updated_at, text FROM personal_note WHERE customer_id = ${customerId} AND text <> '' ORDER BY updated_at`);
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
  const mails = await rows(sql<Row>`
    SELECT sent_at, recipient, subject, body, sender_name, status FROM sent_mail
    WHERE customer_id = ${customerId} ORDER BY sent_at`);
  const nps = await rows(sql<Row>`
    SELECT answered_at, score, comment, channel FROM nps_answer WHERE customer_id = ${customerId} ORDER BY answered_at`);
  const onlineOffers = await offerLinkData(db, customerId, when);
  const consents = await rows(sql<Row>`
    SELECT granted, source, given_on, note, recorded_at, recorded_by_name FROM customer_consent
    WHERE customer_id = ${customerId} ORDER BY recorded_at, id`);
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
  const created = await rows(sql<Row>`SELECT actor_name FROM change_record
    WHERE area = 'kunden' AND record_id = ${customerId} AND action = 'create' ORDER BY at LIMIT 1`);

  const customFields = Object.entries((customer.custom_fields ?? {}) as Record<string, unknown>);
  const pairs = (list: { label: string; value: string }[]) => list.filter((pair) => pair.value !== '');
  const sections: DataSection[] = [
    {
      title: 'Stammdaten',
      rows: [
        pairs([
          { label: 'Kundennummer', value: text(customer.customer_number) },
          {
            label: 'Kundentyp',
            value: choiceName(fieldChoices(customerEntity, 'customerType'), customer.customer_type),
          },
          { label: 'Anrede', value: text(customer.salutation) },
          { label: 'Titel', value: text(customer.title) },
          { label: 'Firma', value: text(customer.company_name) },
          { label: 'Vorname', value: text(customer.first_name) },
          { label: 'Nachname', value: text(customer.last_name) },
          { label: 'Straße', value: text(customer.street) },
          { label: 'PLZ / Ort', value: `${text(customer.zip)} ${text(customer.city)}`.trim() },
          { label: 'Land', value: text(customer.country) },
          { label: 'Telefon', value: text(customer.phone) },
          { label: 'Mobil', value: text(customer.mobile) },
          { label: 'E-Mail', value: text(customer.email) },
          { label: 'Herkunft', value: text(customer.origin) },
          { label: 'Betreuer', value: text(customer.owner_name) },
          { label: 'Filiale', value: text(customer.branch_name) },
          { label: 'Newsletter-Einwilligung', value: customer.newsletter_consent ? 'Ja' : 'Nein' },
          {
            label: 'Einwilligung Datenschutz',
            value: customer.gdpr_consent_at ? when(customer.gdpr_consent_at) : '',
          },
          { label: 'Angelegt', value: when(customer.created_at) },
          ...customFields.map(([label, value]) => ({ label, value: text(value) })),
        ]),
      ],
    },
    {
      title: 'Vorgänge und Endkunden',
      rows: vorgaenge.map((v) =>
        pairs([
          { label: 'Vorgang', value: `${text(v.vorgang_number)} ${text(v.title)}` },
          { label: 'Status', value: systemStatusName(text(v.system_status)) },
          { label: 'Angelegt', value: when(v.created_at) },
          { label: 'Verlustgrund', value: text(v.lost_reason) },
          { label: 'Endkunde', value: text(v.end_name) },
          {
            label: 'Adresse des Endkunden',
            value: [text(v.end_street), `${text(v.end_zip)} ${text(v.end_city)}`.trim()]
              .filter(Boolean)
              .join(', '),
          },
          { label: 'Telefon des Endkunden', value: text(v.end_phone) },
          { label: 'E-Mail des Endkunden', value: text(v.end_email) },
        ]),
      ),
    },
    {
      title: 'Belege',
      rows: belege.map((b) =>
        pairs([
          {
            label: BELEG_TYPE_LABELS[b.beleg_type as keyof typeof BELEG_TYPE_LABELS] ?? 'Beleg',
            value: text(b.beleg_number),
          },
          { label: 'Datum', value: when(b.beleg_date) },
          { label: 'Netto', value: formatEuroCents(Number(b.net_cents)) },
          { label: 'Vorgang', value: text(b.vorgang_number) },
          { label: 'Notizen', value: text(b.notes) },
          { label: 'Eigene Texte zu Positionen', value: text(b.own_texts) },
        ]),
      ),
    },
    {
      title: 'Notizen',
      rows: [
        ...notes.map((n) => [
          { label: when(n.created_at), value: `${text(n.author_name)}: ${text(n.text)}` },
        ]),
        ...personalNotes.map((n) => [
          { label: `Persönliche Notiz, ${when(n.updated_at)}`, value: text(n.text) },
        ]),
      ],
    },
    {
      title: 'Aktivitäten',
      rows: activities.map((a) =>
        pairs([
          { label: 'Datum', value: when(a.activity_date) },
          { label: 'Art', value: activityTypeName(a.activity_type) },
          { label: 'Von', value: text(a.user_name) },
          { label: 'Notiz', value: text(a.note) },
          { label: 'Fällig', value: a.due_date ? when(a.due_date) : '' },
          { label: 'Erledigt', value: a.done ? 'Ja' : 'Nein' },
          { label: 'Im Outlook-Kalender von', value: text(a.outlook_of) },
        ]),
      ),
    },
    {
      title: 'Outlook-Termine mit dem Kunden (aus Outlook gelesen)',
      rows: meetings.map((m) =>
        pairs([
          { label: 'Beginn', value: when(m.start_at) },
          { label: 'Ende', value: when(m.end_at) },
          { label: 'Betreff', value: text(m.subject) },
          { label: 'Ort', value: text(m.location) },
          { label: 'Im Outlook-Kalender von', value: text(m.user_name) },
        ]),
      ),
    },
    {
      title: 'Gesendete E-Mails',
      rows: mails.map((m) => [
        {
          label: 'Gesendet',
          value: `${when(m.sent_at)} von ${text(m.sender_name)} (${choiceName(fieldChoices(sentMailEntity, 'status'), m.status)})`,
        },
        { label: 'An', value: text(m.recipient) },
        { label: 'Betreff', value: text(m.subject) },
        { label: 'Text', value: text(m.body) },
      ]),
    },
    {
      title: 'Bewertungen (NPS)',
      rows: nps.map((a) =>
        pairs([
          { label: 'Datum', value: when(a.answered_at) },
          { label: 'Bewertung', value: `${text(a.score)} von 10` },
          { label: 'Kommentar', value: text(a.comment) },
          { label: 'Weg', value: channelName(text(a.channel)) },
        ]),
      ),
    },
    onlineOffers,
    {
      title: 'Einwilligung in Werbung per E-Mail',
      rows: consents.map((c) =>
        pairs([
          {
            label: c.granted ? 'Erteilt' : 'Widerrufen',
            value: c.given_on ? when(c.given_on) : 'Tag nicht erfasst',
          },
          { label: 'Wie', value: consentSourceName(text(c.source)) },
          { label: 'Notiz', value: text(c.note) },
          { label: 'Erfasst', value: `${when(c.recorded_at)} von ${text(c.recorded_by_name)}` },
        ]),
      ),
    },
    {
      title: 'Automatisierungen',
      rows: automationRuns.map((r) =>
        pairs([
          { label: 'Zeitpunkt', value: when(r.created_at) },
          { label: 'Automatisierung', value: text(r.automation_name) },
          { label: 'Anlass', value: text(r.occurrence) },
          { label: 'Stand', value: RUN_STATES[text(r.state)] ?? text(r.state) },
          { label: 'Schritte', value: text(r.steps) },
          { label: 'Fehler', value: text(r.error) },
        ]),
      ),
    },
    {
      title: 'Benachrichtigungen an Mitarbeiter',
      rows: notifications.map((n) =>
        pairs([
          { label: 'Zeitpunkt', value: when(n.created_at) },
          { label: 'An', value: text(n.user_name) },
          { label: 'Titel', value: text(n.title) },
          { label: 'Text', value: text(n.body) },
        ]),
      ),
    },
    {
      title: 'Labels',
      rows: labels.map((l) =>
        pairs([
          { label: 'Label', value: text(l.name) },
          { label: 'Gesetzt', value: when(l.added_at) },
          { label: 'Fällig', value: l.due_date ? when(l.due_date) : '' },
        ]),
      ),
    },
    {
      title: 'Dateien (im ZIP im Ordner „Dateien“)',
      rows: files.map((f) => [
        { label: 'Datei', value: text(f.original_name) },
        { label: 'Gehört zu', value: BELONGS_TO[text(f.owner_type)] ?? text(f.owner_type) },
        { label: 'Größe', value: `${Math.max(1, Math.round(Number(f.size_bytes) / 1024))} kB` },
        { label: 'Hochgeladen', value: when(f.uploaded_at) },
      ]),
    },
    {
      title: 'Änderungsverlauf (frühere Werte)',
      rows: history.map((entry) =>
        pairs([
          { label: 'Zeitpunkt', value: when(entry.at) },
          { label: 'Von', value: entry.actorName },
          {
            label: entry.areaLabel,
            value: [CHANGE_ACTIONS[entry.action], entry.recordLabel].filter(Boolean).join(': '),
          },
          {
            label: 'Änderungen',
            value: entry.changes.map((c) => `${c.label}: ${c.old ?? '–'} → ${c.new ?? '–'}`).join('; '),
          },
        ]),
      ),
    },
  ];
  return {
    customer,
    sections,
    files: files.map((f) => ({
      name: text(f.original_name),
      storedName: text(f.stored_name),
      sizeBytes: Number(f.size_bytes),
      uploadedAt: when(f.uploaded_at),
      belongsTo: BELONGS_TO[text(f.owner_type)] ?? text(f.owner_type),
    })),
    source: {
      erp: Boolean(customer.customer_number),
      origin: (customer.origin as string | null) ?? null,
      createdBy: (created[0]?.actor_name as string | undefined) ?? null,
    },
  };
}
