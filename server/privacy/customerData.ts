import { sql } from 'kysely';
import { formatEuroCents } from '../../src/i18n/format';
import { systemStatusName } from '../../src/resources/vorgaenge/vorgangEvents.rules';
import type { Database } from '../platform/db/database';

/** A titled list of facts held about a customer, one section of the Art. 15 report. */
export interface DataSection {
  title: string;
  /** Each row: pairs of label and value, already as people read them. */
  rows: { label: string; value: string }[][];
}

type Row = Record<string, unknown>;
const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Everything held about one customer that names or describes them, by table, for an Art. 15 report. */
export async function collectCustomerData(
  db: Database,
  customerId: number,
  when: (instant: unknown) => string,
): Promise<{ customer: Row; sections: DataSection[] } | null> {
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
      (SELECT string_agg(n.text, ' | ' ORDER BY n.created_at) FROM beleg_note n WHERE n.beleg_id = b.id) AS notes
    FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id WHERE v.customer_id = ${customerId}
    ORDER BY b.beleg_date, b.beleg_number`);
  const notes = await rows(sql<Row>`
    SELECT created_at, author_name, text FROM timeline_note WHERE customer_id = ${customerId} ORDER BY created_at`);
  const personalNotes = await rows(sql<Row>`
    SELECT updated_at, text FROM personal_note WHERE customer_id = ${customerId} AND text <> '' ORDER BY updated_at`);
  const activities = await rows(sql<Row>`
    SELECT a.activity_date, a.activity_type, a.note, a.due_date, a.done, u.name AS user_name
    FROM activity a LEFT JOIN app_user u ON u.id = a.user_id
    WHERE a.customer_id = ${customerId} ORDER BY a.activity_date`);
  const mails = await rows(sql<Row>`
    SELECT sent_at, recipient, subject, body, sender_name, status FROM sent_mail
    WHERE customer_id = ${customerId} ORDER BY sent_at`);
  const nps = await rows(sql<Row>`
    SELECT answered_at, score, comment, channel FROM nps_answer WHERE customer_id = ${customerId} ORDER BY answered_at`);
  const labels = await rows(sql<Row>`
    SELECT l.name, cl.added_at, cl.due_date FROM customer_label cl JOIN label l ON l.id = cl.label_id
    WHERE cl.customer_id = ${customerId} ORDER BY l.name`);
  const files = await rows(sql<Row>`
    SELECT f.original_name, f.size_bytes, f.uploaded_at, f.owner_type FROM stored_file f
    WHERE (f.owner_type = 'kunde' AND f.owner_id = ${customerId})
       OR (f.owner_type = 'aktivitaet' AND f.owner_id IN (SELECT id FROM activity WHERE customer_id = ${customerId}))
       OR (f.owner_type = 'vorgang' AND f.owner_id IN (SELECT id FROM vorgang WHERE customer_id = ${customerId}))
    ORDER BY f.uploaded_at`);

  const customFields = Object.entries((customer.custom_fields ?? {}) as Record<string, unknown>);
  const sections: DataSection[] = [
    {
      title: 'Stammdaten',
      rows: [
        [
          { label: 'Kundennummer', value: text(customer.customer_number) },
          { label: 'Kundenart', value: text(customer.customer_type) },
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
          { label: 'Newsletter-Einwilligung', value: customer.newsletter_consent ? 'ja' : 'nein' },
          {
            label: 'Einwilligung Datenschutz',
            value: customer.gdpr_consent_at ? when(customer.gdpr_consent_at) : '',
          },
          { label: 'Angelegt', value: when(customer.created_at) },
          ...customFields.map(([label, value]) => ({ label, value: text(value) })),
        ].filter((pair) => pair.value !== ''),
      ],
    },
    {
      title: 'Vorgänge und Endkunden',
      rows: vorgaenge.map((v) =>
        [
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
        ].filter((pair) => pair.value !== ''),
      ),
    },
    {
      title: 'Belege',
      rows: belege.map((b) =>
        [
          { label: 'Beleg', value: `${text(b.beleg_type)} ${text(b.beleg_number)}` },
          { label: 'Datum', value: when(b.beleg_date) },
          { label: 'Netto', value: formatEuroCents(Number(b.net_cents)) },
          { label: 'Vorgang', value: text(b.vorgang_number) },
          { label: 'Notizen', value: text(b.notes) },
        ].filter((pair) => pair.value !== ''),
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
        [
          { label: 'Datum', value: when(a.activity_date) },
          { label: 'Art', value: text(a.activity_type) },
          { label: 'Von', value: text(a.user_name) },
          { label: 'Notiz', value: text(a.note) },
          { label: 'Fällig', value: a.due_date ? when(a.due_date) : '' },
          { label: 'Erledigt', value: a.done ? 'ja' : 'nein' },
        ].filter((pair) => pair.value !== ''),
      ),
    },
    {
      title: 'Gesendete E-Mails',
      rows: mails.map((m) => [
        { label: 'Gesendet', value: `${when(m.sent_at)} von ${text(m.sender_name)} (${text(m.status)})` },
        { label: 'An', value: text(m.recipient) },
        { label: 'Betreff', value: text(m.subject) },
        { label: 'Text', value: text(m.body) },
      ]),
    },
    {
      title: 'Bewertungen (NPS)',
      rows: nps.map((a) =>
        [
          { label: 'Datum', value: when(a.answered_at) },
          { label: 'Bewertung', value: `${text(a.score)} von 10` },
          { label: 'Kommentar', value: text(a.comment) },
          { label: 'Weg', value: text(a.channel) },
        ].filter((pair) => pair.value !== ''),
      ),
    },
    {
      title: 'Labels',
      rows: labels.map((l) =>
        [
          { label: 'Label', value: text(l.name) },
          { label: 'Gesetzt', value: when(l.added_at) },
          { label: 'Fällig', value: l.due_date ? when(l.due_date) : '' },
        ].filter((pair) => pair.value !== ''),
      ),
    },
    {
      title: 'Dateien',
      rows: files.map((f) => [
        { label: 'Datei', value: text(f.original_name) },
        { label: 'Größe', value: `${Math.max(1, Math.round(Number(f.size_bytes) / 1024))} kB` },
        { label: 'Hochgeladen', value: when(f.uploaded_at) },
      ]),
    },
  ];
  return { customer, sections };
}
