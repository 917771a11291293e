import { formatEuroCents } from '../../src/i18n/format';
import { activityTypeName } from '../../src/resources/activities/activityTypes';
import { CHANGE_ACTIONS } from '../../src/resources/changeHistory/changeText.rules';
import customerEntity from '../../src/resources/customers/customer.entity';
import type { Choice, EntityDeclaration } from '../../src/resources/entity';
import sentMailEntity from '../../src/resources/mail/sentMail.entity';
import { consentSourceName } from '../../src/resources/consent/consent.rules';
import { channelName } from '../../src/resources/nps/nps.rules';
import { BELEG_TYPE_LABELS } from '../../src/resources/vorgaenge/vorgangListTypes';
import { systemStatusName } from '../../src/resources/vorgaenge/vorgangEvents.rules';
import type { Database } from '../platform/db/database';
import { offerLinkData } from '../offerOnline';
import { readCustomerRows, type DescribeChanges } from './customerDataQueries';
import type { CustomerData, DataSection } from './customerDataTypes';

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
  describe: DescribeChanges,
): Promise<CustomerData | null> {
  const read = await readCustomerRows(db, customerId, describe);
  if (!read) return null;
  const {
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
  } = read;
  const onlineOffers = await offerLinkData(db, customerId, when);
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
      createdBy: created[0]?.actor_name ?? null,
    },
  };
}
