import ExcelJS from 'exceljs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { sql } from 'kysely';
import { DUE_BUCKET_LABELS, dueBucketOf } from '../../src/config/companyTime';
import type { Database } from '../platform/db/database';
import { dueItemsQuery, type DueRow } from './dueItemQueries';
import type { ViewerScope } from './viewerScope';

const BATCH = 1000;

const COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'Gruppe', key: 'bucket', width: 13 },
  { header: 'Fällig am', key: 'dueDate', width: 12, style: { numFmt: 'dd.mm.yyyy' } },
  { header: 'Label', key: 'title', width: 22 },
  { header: 'An', key: 'where', width: 9 },
  { header: 'Vorgangsnummer', key: 'vorgangNumber', width: 16 },
  { header: 'Vorgang', key: 'vorgangTitle', width: 28 },
  { header: 'Kunde', key: 'customerName', width: 30 },
  { header: 'Verkäufer / Betreuer', key: 'ownerName', width: 22 },
];

// A due date is a calendar day: Excel gets that day at UTC midnight, which it shows as exactly that day.
const excelDay = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * Writes the due labels of a scope (the rows of Fällige Labels, all of them) as an Excel workbook into `out`,
 * fetched by a cursor in batches so memory stays flat. Returns the number of rows.
 */
export async function writeDueLabelExport(
  db: Database,
  scope: ViewerScope,
  today: string,
  out: Writable,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('Fällige Labels', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  await db.transaction().execute(async (trx) => {
    await sql`DECLARE due_label_export NO SCROLL CURSOR FOR ${dueItemsQuery(scope, 'labels')}`.execute(trx);
    for (;;) {
      const { rows } = await sql<DueRow>`FETCH ${sql.raw(String(BATCH))} FROM due_label_export`.execute(trx);
      for (const row of rows) {
        sheet
          .addRow({
            ...row,
            bucket: DUE_BUCKET_LABELS[dueBucketOf(row.dueDate, today)],
            dueDate: excelDay(row.dueDate),
            where: row.kind === 'vorgangLabel' ? 'Vorgang' : 'Kunde',
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
