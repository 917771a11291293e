import Type from 'typebox';
import { NullableInteger, NullableObject, NullableString, Timestamp, Version } from '../../api/schemas';
/** The system statuses of a Vorgang (possible_status codes), in the order of the list's tabs. */
export const VORGANG_STATUSES = ['anfrage', 'angebot', 'auftrag', 'rechnung', 'verloren'] as const;
export type VorgangStatus = (typeof VORGANG_STATUSES)[number];

/** German names of the statuses (tabs, chips, export). */
export const VORGANG_STATUS_LABELS: Record<VorgangStatus, string> = {
  anfrage: 'Anfrage',
  angebot: 'Angebot',
  auftrag: 'Auftrag',
  rechnung: 'Rechnung',
  verloren: 'Verloren',
};

/** The columns the list sorts by (each backed by an index or a cheap join). */
export const VORGANG_SORTS = [
  'lastActivityAt',
  'vorgangNumber',
  'title',
  'customerName',
  'netTotalCents',
  'planDbCents',
  'expectedOrderDate',
  'createdAt',
] as const;
export type VorgangSort = (typeof VORGANG_SORTS)[number];

/** Text columns a column filter can match with the modes Beginnt mit, Beinhaltet, Gleich, Ungleich. */
export const VORGANG_MATCH_COLUMNS = ['vorgangNumber', 'title', 'customerName'] as const;
export const VORGANG_MATCH_COLUMN_LABELS: Record<(typeof VORGANG_MATCH_COLUMNS)[number], string> = {
  vorgangNumber: 'Vorgangsnummer',
  title: 'Bezeichnung',
  customerName: 'Kunde',
};

/** A label on a Vorgang as the list shows it; `due` when its due date is today or past (company day). */
export const VorgangListLabelSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: NullableString(),
  dueDate: NullableString(),
  due: Type.Boolean(),
});
export type VorgangListLabel = Type.Static<typeof VorgangListLabelSchema>;

/** One row of the Vorgänge list (vorgang/getAllVorgangs). */
export const VorgangListRowSchema = Type.Object({
  id: Type.Integer(),
  version: Version(),
  vorgangNumber: Type.String(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  title: Type.String(),
  systemStatus: Type.Unsafe<VorgangStatus>({ type: 'string', enum: [...VORGANG_STATUSES] }),
  customStatus: NullableObject(
    Type.Object({ id: Type.Integer(), name: Type.String(), color: NullableString() }),
  ),
  labels: Type.Array(VorgangListLabelSchema),
  seller: NullableString(),
  branch: NullableString(),
  origin: NullableString(),
  netTotalCents: Type.Integer(),
  /** The seller's estimate (Schätzung): the value an Anfrage (no Beleg yet) shows. */
  expectedValueCents: NullableInteger(),
  planDbCents: NullableInteger(),
  /** yyyy-MM-dd */
  expectedOrderDate: NullableString(),
  lastActivityAt: NullableString(),
  createdAt: Timestamp(),
  /** Company days without activity when the Vorgang is stagnating (its Eigener Status's limit passed), else null. */
  stagnantDays: NullableInteger(),
});
export type VorgangListRow = Type.Static<typeof VorgangListRowSchema>;

/**
 * A Vorgang's value as the list shows it, by the board's rule (pipeline.rules.ts): the Summe netto of its Belege,
 * and for an Anfrage (no Beleg yet) the seller's estimate, marked as such; null when there is none.
 */
export const listValue = (
  row: Pick<VorgangListRow, 'systemStatus' | 'netTotalCents' | 'expectedValueCents'>,
): { cents: number | null; estimated: boolean } =>
  row.systemStatus === 'anfrage'
    ? { cents: row.expectedValueCents, estimated: true }
    : { cents: row.netTotalCents, estimated: false };

/** The kinds of Beleg (beleg.beleg_type), for the list's Beleg filter. */
export const BELEG_TYPES = ['angebot', 'auftragsbestaetigung', 'rechnung', 'gutschrift'] as const;
export const BELEG_TYPE_LABELS: Record<(typeof BELEG_TYPES)[number], string> = {
  angebot: 'Angebot',
  auftragsbestaetigung: 'Auftragsbestätigung',
  rechnung: 'Rechnung',
  gutschrift: 'Gutschrift',
};

/** A count or total as the list shows it (exact, German thousands separator). */
export const formatVorgangCount = (n: number) => n.toLocaleString('de-DE');

/** Counts per status tab for the current filters (the status tab itself not applied), exact. */
export type VorgangStatusCounts = Record<VorgangStatus | 'alle', number>;

/** A page of the list; `hasMore` when another page follows (the total comes with the counts). */
export const VorgangListPageSchema = Type.Object({
  data: Type.Array(VorgangListRowSchema),
  hasMore: Type.Boolean(),
});
export type VorgangListPage = Type.Static<typeof VorgangListPageSchema>;

/** The list's total (with the status tab applied) and the counts per tab (vorgang/getVorgangCounts). */
export const VorgangListCountsSchema = Type.Object({
  total: Type.Integer(),
  counts: Type.Unsafe<VorgangStatusCounts>(
    Type.Object(Object.fromEntries([...VORGANG_STATUSES, 'alle'].map((key) => [key, Type.Integer()]))),
  ),
});
export type VorgangListCounts = Type.Static<typeof VorgangListCountsSchema>;
