/** The kinds of entries of the Datenschutz-Protokoll, by their German names. */
export const PRIVACY_LOG_KINDS = [
  { id: 'auskunft', name: 'Auskunft (Art. 15)' },
  { id: 'loeschung', name: 'Löschung (Art. 17)' },
  { id: 'export', name: 'Excel-Export' },
] as const;
export type PrivacyLogKind = (typeof PRIVACY_LOG_KINDS)[number]['id'];

/** The German name of a kind of entry. */
export const privacyLogKindName = (kind: string): string =>
  PRIVACY_LOG_KINDS.find((entry) => entry.id === kind)?.name ?? kind;

/** The columns of the Löschliste's CSV, as scripts/restore.sh reads it (ERASURES_FROM). */
export const ERASURE_LIST_COLUMNS = [
  'customer_id',
  'customer_number',
  'email_hash',
  'phone_hashes',
  'erased_at',
] as const;

/** Whom or what an entry of the Datenschutz-Protokoll concerns: the customer (number, name today), or the export. */
export const entryConcerns = (entry: {
  kind: string;
  subject: string | null;
  customerId: number | null;
  customerNumber: string | null;
  customerName: string | null;
}): string =>
  entry.kind === 'export'
    ? (entry.subject ?? '')
    : [entry.customerNumber, entry.customerName ?? `Kunde #${entry.customerId}`].filter(Boolean).join(' · ');
