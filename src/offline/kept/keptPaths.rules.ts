// Which API answers the kept copy holds, and the record each belongs to. Only what Mein Tag, a customer's page
// and a Vorgang's page need to open (header, contact data, open labels, the newest timeline page) and the names
// they look up; lists, searches, files and figures always need the network, so they are never kept and never
// grow the copy.

/** The record an answer belongs to: `tag` (Mein Tag's own lists), `stammdaten`, `kunde:<id>` or `vorgang:<id>`. */
export type KeptRecord = string;

/** The record of the day's own lists, without which Mein Tag cannot start. */
export const DAY_RECORD: KeptRecord = 'tag';
/** The record of the names the pages look up (labels, users, branches, statuses): small, shared by all records. */
export const NAMES_RECORD: KeptRecord = 'stammdaten';

const KEPT: { path: RegExp; record: (id: string) => KeptRecord }[] = [
  { path: /^user\/myGroups$/, record: () => DAY_RECORD },
  { path: /^dashboard\/getMyDayAppointments$/, record: () => DAY_RECORD },
  { path: /^todo\/getTodos$/, record: () => DAY_RECORD },
  { path: /^todo\/count$/, record: () => DAY_RECORD },
  // The names a page looks up (label chips, Betreuer, Filiale, status), as the pages last asked for them.
  { path: /^label\/getLabels$/, record: () => NAMES_RECORD },
  { path: /^user\/allDescribedUsers$/, record: () => NAMES_RECORD },
  { path: /^adminExtended\/getAllBranches$/, record: () => NAMES_RECORD },
  { path: /^customStatus\/getAllCustomStatus$/, record: () => NAMES_RECORD },
  // "Besuch erfassen"'s Gründe and the Vorgänge of its customer, so that a Besuch is captured offline in full.
  { path: /^reason\/getReasonOptions$/, record: () => NAMES_RECORD },
  { path: /^kunde\/getVorgaengeForCustomer\/(\d+)$/, record: (id) => `kunde:${id}` },
  { path: /^kunde\/getSingleCustomer\/(\d+)$/, record: (id) => `kunde:${id}` },
  { path: /^kunde\/getTimelineForCustomer\/(\d+)$/, record: (id) => `kunde:${id}` },
  { path: /^vorgang\/getVorgang\/(\d+)$/, record: (id) => `vorgang:${id}` },
  { path: /^vorgang\/getTimelineForVorgang\/(\d+)$/, record: (id) => `vorgang:${id}` },
  { path: /^vorgang\/caluclatePlanDBForVorgang\/(\d+)$/, record: (id) => `vorgang:${id}` },
];

/**
 * The record a GET of `path` with `query` is kept under, or null when it is not kept. Only a timeline's first
 * page (its 20 newest entries) is kept; a later page (`after`) is not.
 */
export function keptRecordOf(path: string, query: URLSearchParams): KeptRecord | null {
  if (query.has('after')) return null;
  for (const { path: pattern, record } of KEPT) {
    const match = pattern.exec(path);
    if (match) return record(match[1] ?? '');
  }
  return null;
}

/** `keptRecordOf` for a key as the API client sends it and the kept copy stores it: the path, then `?query` if any. */
export function keptRecordOfKey(key: string): KeptRecord | null {
  const at = key.indexOf('?');
  return at < 0
    ? keptRecordOf(key, new URLSearchParams())
    : keptRecordOf(key.slice(0, at), new URLSearchParams(key.slice(at + 1)));
}
