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

/** Text columns a column filter can match with the modes of SPEC §1. */
export const VORGANG_MATCH_COLUMNS = ['vorgangNumber', 'title', 'customerName'] as const;
export const VORGANG_MATCH_COLUMN_LABELS: Record<(typeof VORGANG_MATCH_COLUMNS)[number], string> = {
  vorgangNumber: 'Vorgangsnummer',
  title: 'Bezeichnung',
  customerName: 'Kunde',
};

/** A label on a Vorgang as the list shows it; `due` when its due date is today or past (company day). */
export interface VorgangListLabel {
  id: number;
  name: string;
  color: string | null;
  dueDate: string | null;
  due: boolean;
}

/** One row of the Vorgänge list (vorgang/getAllVorgangs). */
export interface VorgangListRow {
  id: number;
  version: number;
  vorgangNumber: string;
  customerId: number;
  customerName: string;
  title: string;
  systemStatus: VorgangStatus;
  customStatus: { id: number; name: string; color: string | null } | null;
  labels: VorgangListLabel[];
  seller: string | null;
  branch: string | null;
  origin: string | null;
  netTotalCents: number;
  planDbCents: number | null;
  /** yyyy-MM-dd */
  expectedOrderDate: string | null;
  lastActivityAt: string | null;
  createdAt: string;
}

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
export interface VorgangListPage {
  data: VorgangListRow[];
  hasMore: boolean;
}

/** The list's total (with the status tab applied) and the counts per tab (vorgang/getVorgangCounts). */
export interface VorgangListCounts {
  total: number;
  counts: VorgangStatusCounts;
}
