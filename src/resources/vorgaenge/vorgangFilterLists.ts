import { type VorgangFilter } from './vorgangList.endpoints';

export const MATCH_MODES = [
  { id: 'contains', name: 'Beinhaltet' },
  { id: 'startsWith', name: 'Beginnt mit' },
  { id: 'equals', name: 'Gleich' },
  { id: 'notEquals', name: 'Ungleich' },
];

/** The filters a phone keeps behind its "Filter" button: all but the search, counted when set. */
export const SHEET_FILTERS = [
  'mine',
  'stagnant',
  'sellerUserId',
  'branchId',
  'origin',
  'customStatusId',
  'labelId',
  'netFrom',
  'netTo',
  'createdFrom',
  'createdTo',
  'expectedFrom',
  'expectedTo',
  'activityFrom',
  'activityTo',
  'matchValue',
] as const satisfies readonly (keyof VorgangFilter)[];

/** The day filters under "Weitere Filter": label and the filter's key, in display order. */
export const DAY_FILTERS = [
  ['Angelegt ab', 'createdFrom'],
  ['Angelegt bis', 'createdTo'],
  ['Erw. Auftrag ab', 'expectedFrom'],
  ['Erw. Auftrag bis', 'expectedTo'],
  ['Letzte Aktivität ab', 'activityFrom'],
  ['Letzte Aktivität bis', 'activityTo'],
] as const satisfies readonly (readonly [string, keyof VorgangFilter])[];

export const fieldSx = { minWidth: 150, flex: '1 1 150px', maxWidth: 220 };
