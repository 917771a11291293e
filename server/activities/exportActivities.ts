import type ExcelJS from 'exceljs';
import type { ActivityFilterValues } from '../../src/resources/activities/activities.endpoints';
import { activityTypeName } from '../../src/resources/activities/activityTypes';
import { EXCEL_FORMATS, excelDay } from '../platform/excel/excelCells';
import type { SheetExport } from '../platform/excel/writeSheet';
import type { ActivityVisibility } from './activityFilter';
import { activityExportQuery, type ExportRow } from './activityListQueries';

const COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'Datum', key: 'localDate', width: 17, style: { numFmt: EXCEL_FORMATS.dayTime } },
  { header: 'Art', key: 'activityType', width: 16 },
  { header: 'Grund', key: 'reasonName', width: 24 },
  { header: 'Kundennummer', key: 'customerNumber', width: 14 },
  { header: 'Kunde', key: 'customerName', width: 32 },
  { header: 'Vorgang', key: 'vorgangNumber', width: 14 },
  { header: 'Verkäufer', key: 'userName', width: 20 },
  { header: 'Filiale', key: 'branchName', width: 16 },
  { header: 'Fällig am', key: 'dueDate', width: 12, style: { numFmt: EXCEL_FORMATS.day } },
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
      localDate: new Date(String(row.localDate)),
      dueDate: excelDay(row.dueDate as string | null),
      activityType: activityTypeName(row.activityType),
      done: row.done ? 'ja' : 'nein',
    }),
  };
}
