import type { ActivityFilterValues } from '../../src/resources/activities/activities.endpoints';
import { activityTypeName } from '../../src/resources/activities/activityTypes';
import type { ExcelColumn, SheetExport } from '../platform/excel/excelExport';
import type { ActivityVisibility } from './activityFilter';
import { activityExportQuery, type ExportRow } from './activityListQueries';

const COLUMNS: ExcelColumn[] = [
  { header: 'Datum', key: 'localDate', width: 17, kind: 'dateTime' },
  { header: 'Art', key: 'activityType', width: 16 },
  { header: 'Grund', key: 'reasonName', width: 24 },
  { header: 'Kundennummer', key: 'customerNumber', width: 14 },
  { header: 'Kunde', key: 'customerName', width: 32 },
  { header: 'Vorgang', key: 'vorgangNumber', width: 14 },
  { header: 'Verkäufer', key: 'userName', width: 20 },
  { header: 'Filiale', key: 'branchName', width: 16 },
  { header: 'Fällig am', key: 'dueDate', width: 12, kind: 'date' },
  { header: 'Erledigt', key: 'done', width: 10 },
  { header: 'Notiz', key: 'note', width: 50 },
];

/**
 * The visible, filtered, sorted activities as an Excel sheet (streamed from a cursor). Excel has no time
 * zones: dates are the company's wall clock, written as UTC.
 */
export function activityExport(
  zone: string,
  visibility: ActivityVisibility,
  filter: ActivityFilterValues,
  sort: { sort?: string; order?: string },
): SheetExport<ExportRow> {
  const query = activityExportQuery(zone, visibility, filter, sort);
  return {
    sheet: 'Aktivitäten',
    columns: COLUMNS,
    query,
    cells: (row) => ({
      ...row,
      activityType: activityTypeName(row.activityType),
      done: row.done ? 'ja' : 'nein',
    }),
  };
}
