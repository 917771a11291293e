import type ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { ActivityFilterValues } from '../../src/resources/activities/activities.endpoints';
import { activityTypeName } from '../../src/resources/activities/activityTypes';
import { EXCEL_FORMATS, excelDay } from '../platform/excel/excelCells';
import type { SheetExport } from '../platform/excel/writeSheet';
import { activityWhere, type ActivityVisibility } from './activityFilter';
import { ACTIVITY_FROM, activityOrder } from './activityListQueries';

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

type ExportRow = Record<string, string | boolean | null>;

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
  const query = sql<ExportRow>`
    SELECT to_char(a.activity_date AT TIME ZONE ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "localDate",
      a.activity_type AS "activityType", r.text AS "reasonName", c.customer_number AS "customerNumber",
      c.display_name AS "customerName", v.vorgang_number AS "vorgangNumber", u.name AS "userName",
      b.name AS "branchName", to_char(a.due_date, 'YYYY-MM-DD') AS "dueDate", a.done, a.note
    ${ACTIVITY_FROM}
    WHERE ${activityWhere(visibility, filter, zone)}
    ${activityOrder(sort.sort, sort.order)}`;
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
