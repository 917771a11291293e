import { DUE_BUCKET_LABELS, dueBucketOf } from '../../src/config/companyTime';
import type { ExcelColumn, SheetExport } from '../platform/excel/excelExport';
import { dueItemsQuery, dueLabelsOfKeys, type DueRow } from './dueItemQueries';
import type { ViewerScope } from '../platform/auth/viewerScope';

const COLUMNS: ExcelColumn[] = [
  { header: 'Gruppe', key: 'bucket', width: 13 },
  { header: 'Fällig am', key: 'dueDate', width: 12, kind: 'date' },
  { header: 'Label', key: 'title', width: 22 },
  { header: 'An', key: 'where', width: 9 },
  { header: 'Vorgangsnummer', key: 'vorgangNumber', width: 16 },
  { header: 'Vorgang', key: 'vorgangTitle', width: 28 },
  { header: 'Kunde', key: 'customerName', width: 30 },
  { header: 'Verkäufer / Betreuer', key: 'ownerName', width: 22 },
];

/**
 * The due labels of a scope (the rows of Fällige Labels, all of them) as an Excel sheet (streamed from a cursor);
 * with `keys` only those of them (a selection of the screen: a key outside the scope is not exported).
 */
export function dueLabelExport(scope: ViewerScope, today: string, keys?: string[]): SheetExport<DueRow> {
  const all = dueItemsQuery(scope, 'labels');
  return {
    sheet: 'Fällige Labels',
    columns: COLUMNS,
    query: keys ? dueLabelsOfKeys(scope, keys) : all,
    cells: (row) => ({
      ...row,
      bucket: DUE_BUCKET_LABELS[dueBucketOf(row.dueDate, today)],
      where: row.kind === 'vorgangLabel' ? 'Vorgang' : 'Kunde',
    }),
  };
}
