import { describe, expect, it } from 'vitest';
import { cellWriter, sheetColumns, type ExcelColumn } from '../../server/platform/excel/excelColumns';

const COLUMNS: ExcelColumn[] = [
  { header: 'Name', key: 'name', width: 20 },
  { header: 'Anzahl', key: 'count', width: 8, kind: 'number' },
  { header: 'Fällig am', key: 'due', width: 12, kind: 'date' },
  { header: 'Zeitpunkt', key: 'at', width: 18, kind: 'dateTime' },
  { header: 'Summe netto', key: 'net', width: 15, kind: 'amount' },
];

describe('Excel columns declared by kind', () => {
  it('gives each kind its German number format (23.11.2026, 23.11.2026 14:05, 1.234,56 €) and no other', () => {
    expect(sheetColumns(COLUMNS)).toEqual([
      { header: 'Name', key: 'name', width: 20 },
      { header: 'Anzahl', key: 'count', width: 8 },
      { header: 'Fällig am', key: 'due', width: 12, style: { numFmt: 'dd.mm.yyyy' } },
      { header: 'Zeitpunkt', key: 'at', width: 18, style: { numFmt: 'dd.mm.yyyy hh:mm' } },
      { header: 'Summe netto', key: 'net', width: 15, style: { numFmt: '#,##0.00 "€"' } },
    ]);
  });

  it('writes a company day as that day at midnight UTC, wall-clock text as UTC, cents as euros', () => {
    const cells = cellWriter(COLUMNS);
    expect(
      cells({ name: 'Gruber', count: 3, due: '2026-11-23', at: '2026-11-23T14:05:00Z', net: '123456' }),
    ).toEqual({
      name: 'Gruber',
      count: 3,
      due: new Date('2026-11-23T00:00:00Z'),
      at: new Date('2026-11-23T14:05:00Z'),
      net: 1234.56,
    });
    // Empty cells stay empty; a value already converted is kept; keys without a cell are not added.
    const at = new Date('2026-01-02T08:00:00Z');
    expect(cells({ name: null, due: null, at, net: null })).toEqual({ name: null, due: null, at, net: null });
  });
});
