import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { companyDayOf } from '../../src/config/companyTime';
import type { NpsFilterValues } from '../../src/resources/nps/nps.endpoints';
import { categoryOf, channelName, NPS_CATEGORIES } from '../../src/resources/nps/nps.rules';
import type { Database } from '../platform/db/database';
import { npsFilterClause } from './npsFilter';
import { npsOrderClause } from './npsQueries';

const BATCH = 1000;

interface ExportRow {
  answeredAt: Date;
  score: number;
  comment: string | null;
  channel: string;
  customerNumber: string | null;
  customerName: string;
  vorgangNumber: string | null;
  sellerName: string | null;
  branchName: string | null;
  followUpDone: boolean | null;
}

const COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'Datum', key: 'answeredAt', width: 12, style: { numFmt: 'dd.mm.yyyy' } },
  { header: 'Bewertung', key: 'score', width: 10 },
  { header: 'Kategorie', key: 'category', width: 18 },
  { header: 'Kommentar', key: 'comment', width: 50 },
  { header: 'Kanal', key: 'channel', width: 18 },
  { header: 'Kundennummer', key: 'customerNumber', width: 14 },
  { header: 'Kunde', key: 'customerName', width: 32 },
  { header: 'Vorgang', key: 'vorgangNumber', width: 14 },
  { header: 'Verkäufer', key: 'sellerName', width: 20 },
  { header: 'Filiale', key: 'branchName', width: 16 },
  { header: 'Nachgefasst', key: 'followUp', width: 12 },
];

const followUpText = (done: boolean | null) => (done === null ? '' : done ? 'ja' : 'offen');

/**
 * Writes the filtered, sorted answers as an Excel workbook into `out`, from a database cursor in batches,
 * so memory stays flat however many answers there are. Dates are the company's calendar days.
 */
export async function writeNpsExport(
  db: Database,
  zone: string,
  filter: NpsFilterValues,
  sort: { sort?: string; order?: string },
  out: Writable,
): Promise<number> {
  const query = sql<ExportRow>`
    SELECT a.answered_at AS "answeredAt", a.score, a.comment, a.channel, c.customer_number AS "customerNumber",
      c.display_name AS "customerName", v.vorgang_number AS "vorgangNumber", u.name AS "sellerName",
      b.name AS "branchName", f.done AS "followUpDone"
    FROM nps_answer a
    JOIN customer c ON c.id = a.customer_id
    LEFT JOIN vorgang v ON v.id = a.vorgang_id
    LEFT JOIN app_user u ON u.id = a.seller_user_id
    LEFT JOIN branch b ON b.id = a.branch_id
    LEFT JOIN activity f ON f.id = a.follow_up_activity_id
    WHERE ${npsFilterClause(filter, zone)}
    ${npsOrderClause(sort.sort, sort.order)}`;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('NPS', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  await db.transaction().execute(async (trx) => {
    await sql`DECLARE nps_export NO SCROLL CURSOR FOR ${query}`.execute(trx);
    for (;;) {
      const { rows } = await sql<ExportRow>`FETCH ${sql.raw(String(BATCH))} FROM nps_export`.execute(trx);
      for (const row of rows) {
        sheet
          .addRow({
            ...row,
            // Excel has no time zones: the day the answer came in, in the company's calendar.
            answeredAt: new Date(`${companyDayOf(row.answeredAt, zone)}T00:00:00Z`),
            category: NPS_CATEGORIES.find((c) => c.id === categoryOf(row.score))!.name,
            channel: channelName(row.channel),
            followUp: followUpText(row.followUpDone),
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
