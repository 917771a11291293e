import ExcelJS from 'exceljs';
import { sql, type RawBuilder } from 'kysely';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Database } from '../db/database';
import { cellWriter, sheetColumns, type ExcelColumn } from './excelColumns';

const BATCH = 1000;

/** One export: its sheet, its columns, the query of exactly the rows the list shows, and how a row becomes cells. */
export interface SheetExport<Row> {
  sheet: string;
  /** The columns, declared with their kind: the formats (dd.mm.yyyy, 1.234,56 €) and cell values follow. */
  columns: readonly ExcelColumn[];
  query: RawBuilder<Row>;
  /** The cells of a row, by column key: a `date` as its yyyy-MM-dd day, an `amount` in cents. */
  cells: (row: Row) => Record<string, unknown>;
  /** Turns a batch of rows into what `cells` reads (e.g. ids resolved to names with one query per batch). */
  prepare?: (rows: Row[]) => Promise<Row[]>;
}

/**
 * Writes every row of the export's query as an Excel workbook into `out` and returns how many: rows come
 * from a database cursor in batches and leave as they are written, so memory stays flat however many
 * there are, and a slow download slows the cursor instead of filling memory.
 */
export async function writeSheet<Row>(db: Database, spec: SheetExport<Row>, out: Writable): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(spec.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = sheetColumns(spec.columns);
  const toCells = cellWriter(spec.columns);
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  await db.transaction().execute(async (trx) => {
    await sql`DECLARE sheet_export NO SCROLL CURSOR FOR ${spec.query}`.execute(trx);
    for (;;) {
      const { rows } = await sql<Row>`FETCH ${sql.raw(String(BATCH))} FROM sheet_export`.execute(trx);
      const prepared = spec.prepare ? await spec.prepare(rows) : rows;
      for (const row of prepared) sheet.addRow(toCells(spec.cells(row))).commit();
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
