import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { IdParams, NullableInteger, NullableString, Timestamp, Version } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

// Only the administration answers data-protection requests: both reveal or destroy everything about a person.
const access = { groups: [GROUPS.admin] };
const tags = ['Datenschutz (DSGVO)'];

/** The reason an erasure is made, as the administration records it (e.g. "Antrag per Brief vom 20.11."). */
export const ERASURE_REASON = { minLength: 5, maxLength: 500 } as const;

/**
 * Art. 15: every personal datum held about a customer, as one ZIP: the report as PDF (with the Art. 15 (1)
 * information and the Änderungsverlauf), the same as JSON (Art. 20) and the files themselves; recorded.
 */
export const getCustomerDataReport = defineEndpoint({
  method: 'GET',
  path: 'dsgvo/auskunft/:id',
  access,
  tags,
  summary:
    'Auskunft nach Art. 15 DSGVO als ZIP: Bericht (PDF), maschinenlesbare Kopie (JSON, Art. 20) und die Dateien des Kunden',
  kind: 'file',
  params: IdParams,
});

/** Art. 17: removes or anonymises a customer's personal data, keeping the Belege; refused while a Vorgang is open. */
export const eraseCustomerData = defineEndpoint({
  method: 'POST',
  path: 'dsgvo/loeschen/:id',
  access,
  tags,
  summary:
    'Löschung nach Art. 17 DSGVO: personenbezogene Daten eines Kunden löschen bzw. anonymisieren (Belege bleiben)',
  // A repeated request whose answer was lost gets the first answer, not a confusing 409.
  idempotent: true,
  params: IdParams,
  body: Type.Object({
    reason: Type.String({ ...ERASURE_REASON, description: 'Anlass der Löschung, z. B. Antrag vom …' }),
    version: Version(),
  }),
  response: Type.Object({
    id: Type.Integer(),
    erasedAt: Timestamp(),
    keptBelege: Type.Integer({ description: 'Belege, die wegen der Aufbewahrungspflicht bleiben' }),
    removedFiles: Type.Integer(),
  }),
});

/** The Datenschutz-Protokoll's filters: kind of entry, period (company days, yyyy-MM-dd). */
export const PrivacyLogQuery = Type.Object({
  kind: Type.Optional(
    Type.Union([Type.Literal('auskunft'), Type.Literal('loeschung'), Type.Literal('export')]),
  ),
  from: Type.Optional(Type.String({ format: 'date' })),
  to: Type.Optional(Type.String({ format: 'date' })),
});
export type PrivacyLogFilter = Type.Static<typeof PrivacyLogQuery>;

/** One entry of the Datenschutz-Protokoll: who did what, when, for whom (or what was exported, how many rows). */
export const PrivacyLogEntrySchema = Type.Object({
  id: Type.Integer(),
  at: Timestamp(),
  kind: Type.String(),
  actorName: Type.String(),
  customerId: NullableInteger(),
  customerNumber: NullableString(),
  customerName: NullableString({
    description: 'Name des Kunden heute (nach einer Löschung „Gelöscht (DSGVO)“)',
  }),
  subject: NullableString({ description: 'Bei einem Export: was exportiert wurde' }),
  rowCount: NullableInteger({ description: 'Bei einem Export: wie viele Zeilen' }),
  reason: NullableString({ description: 'Bei einer Löschung: ihr Anlass' }),
});
export type PrivacyLogEntry = Type.Static<typeof PrivacyLogEntrySchema>;

/** Admin → Datenschutz: Auskünfte, Löschungen and Excel exports, newest first, filtered and paged in SQL. */
export const getPrivacyLog = defineEndpoint({
  method: 'GET',
  path: 'dsgvo/protokoll',
  access,
  tags,
  summary: 'Datenschutz-Protokoll: Auskünfte, Löschungen und Excel-Exporte (wer, wann, für wen, was)',
  query: Type.Object({
    ...PrivacyLogQuery.properties,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  }),
  response: Type.Object({ data: Type.Array(PrivacyLogEntrySchema), total: Type.Integer() }),
});

/** The same entries as an Excel file (streamed). */
export const exportPrivacyLog = defineEndpoint({
  method: 'GET',
  path: 'dsgvo/protokoll/exportExcel',
  access,
  tags,
  summary: 'Datenschutz-Protokoll (gefiltert) als Excel-Datei, gestreamt',
  kind: 'file',
  query: PrivacyLogQuery,
});

/**
 * The Löschliste as CSV (customer id, ERP number, hashes, time; no values): kept off the machine, it carries
 * erasures over a restore (scripts/restore.sh, ERASURES_FROM).
 */
export const exportErasureList = defineEndpoint({
  method: 'GET',
  path: 'dsgvo/loeschliste',
  access,
  tags,
  summary:
    'Löschliste als CSV (Kundennummern und Hashwerte, keine Werte) für die Wiederherstellung einer Sicherung',
  kind: 'file',
});
