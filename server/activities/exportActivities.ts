import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ActivityFilterValues } from '../../src/resources/activities/activities.endpoints';
import { activityTypeName } from '../../src/resources/activities/activityTypes';
import type { Database } from '../platform/db/database';
import { activityWhere, type ActivityVisibility } from './activityFilter';
import { ACTIVITY_FROM, activityOrder } from './activityListQueries';

const BATCH = 1000;

const COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'Datum', key: 'localDate', width: 17, style: { numFmt: 'dd.mm.yyyy hh:mm' } },
  { header: 'Art', key: 'activityType', width: 16 },
  { header: 'Grund', key: 'reasonName', width: 24 },
  { header: 'Kundennummer', key: 'customerNumber', width: 14 },
  { header: 'Kunde', key: 'customerName', width: 32 },
  { header: 'Vorgang', key: 'vorgangNumber', width: 14 },
  { header: 'Verkäufer', key: 'userName', width: 20 },
  { header: 'Filiale', key: 'branchName', width: 16 },
  { header: 'Fällig am', key: 'dueDate', width: 12, style: { numFmt: 'dd.mm.yyyy' } },
  { header: 'Erledigt', key: 'done', width: 10 },
  { header: 'Notiz', key: 'note', width: 50 },
];

/**
 * Writes the visible, filtered, sorted activities as an Excel workbook into `out`, from a cursor in batches
 * (memory stays flat). Excel has no time zones: dates are the company's wall clock, written as UTC.
 */
export async function writeActivityExport(
  db: Database,
  zone: string,
  visibility: ActivityVisibility,
  filter: ActivityFilterValues,
  sort: { sort?: string; order?: string },
  out: Writable,
): Promise<number> {
  const query = sql`
    SELECT to_char(a.activity_date AT TIME ZONE ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "localDate",
      a.activity_type AS "activityType", r.text AS "reasonName", c.customer_number AS "customerNumber",
      c.display_name AS "customerName", v.vorgang_number AS "vorgangNumber", u.name AS "userName",
      b.name AS "branchName", to_char(a.due_date, 'YYYY-MM-DD') AS "dueDate", a.done, a.note
    ${ACTIVITY_FROM}
    WHERE ${activityWhere(visibility, filter, zone)}
    ${activityOrder(sort.sort, sort.order)}`;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('Aktivitäten', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  await db.transaction().execute(async (trx) => {
    await sql`DECLARE activity_export NO SCROLL CURSOR FOR ${query}`.execute(trx);
    for (;;) {
      const { rows } = await sql<Record<string, string | boolean | null>>`
        FETCH ${sql.raw(String(BATCH))} FROM activity_export`.execute(trx);
      for (const row of rows) {
        sheet
          .addRow({
            ...row,
            localDate: new Date(String(row.localDate)),
            dueDate: row.dueDate ? new Date(`${String(row.dueDate)}T00:00:00Z`) : null,
            activityType: activityTypeName(row.activityType),
            done: row.done ? 'ja' : 'nein',
          })
          .commit();
      }
      count += rows.length;
      if (out.destroyed) throw new Error('Der Download wurde abgebrochen.');
      if (out.writableNeedDrain) await once(out, 'drain');
      if (rows.length < BATCH) break;
    }
  });
  sheet.commit();
  await workbook.commit();
  return count;
}
