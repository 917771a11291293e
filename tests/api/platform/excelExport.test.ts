import { sql } from 'kysely';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSheet } from '../../../server/platform/excel/writeSheet';
import { createTestApp, type TestApp } from '../../support/testApp';
import { workbookOf } from '../../support/excelWorkbook';

interface Row {
  n: number;
  day: string;
  cents: string;
}

describe('an Excel export declared by its columns', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('streams every row in batches, waiting for a slow download, with German formats in the file', async () => {
    const chunks: Buffer[] = [];
    let waits = 0;
    // A download that takes 16 kB at a time, slowly: the writer must wait for it instead of filling memory.
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        setTimeout(done, 2);
      },
    });
    slow.on('drain', () => (waits += 1));
    const count = await writeSheet<Row>(
      t.db,
      {
        sheet: 'Probe',
        columns: [
          { header: 'Nr.', key: 'n', width: 8, kind: 'number' },
          { header: 'Tag', key: 'day', width: 12, kind: 'date' },
          { header: 'Betrag', key: 'cents', width: 14, kind: 'amount' },
        ],
        query: sql<Row>`SELECT n, to_char(date '2026-01-01' + (n % 365), 'YYYY-MM-DD') AS day,
          (n * 101)::text AS cents FROM generate_series(1, 2500) AS n ORDER BY n`,
        cells: (row) => ({ ...row }),
      },
      slow,
    );
    await new Promise<void>((resolve) => slow.end(resolve));
    expect(count).toBe(2500);
    expect(waits).toBeGreaterThan(0);

    const book = await workbookOf(Buffer.concat(chunks));
    const sheet = book.getWorksheet('Probe')!;
    expect(sheet.rowCount).toBe(2501);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nr.', 'Tag', 'Betrag']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const last = sheet.getRow(2501);
    expect(last.getCell(1).value).toBe(2500);
    expect(last.getCell(2).value).toEqual(new Date('2026-11-07T00:00:00Z'));
    expect(last.getCell(2).numFmt).toBe('dd.mm.yyyy');
    expect(last.getCell(3).value).toBe(2525);
    expect(last.getCell(3).numFmt).toBe('#,##0.00 "€"');
  });
});
