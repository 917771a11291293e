import type ExcelJS from 'exceljs';
import { EXCEL_FORMATS, excelDay, excelEuro } from './excelCells';

/**
 * What a column holds, and so how its cells are written and shown: `date` a company day (yyyy-MM-dd) shown
 * 23.11.2026, `dateTime` the company's wall clock (ISO text or Date, written as UTC) shown 23.11.2026 14:05,
 * `amount` cents shown 1.234,56 €, `number` and `text` as they are.
 */
export type ExcelColumnKind = 'text' | 'number' | 'date' | 'dateTime' | 'amount';

/** One column of an export: its header, the key of its cell, its width in characters and its kind. */
export interface ExcelColumn {
  header: string;
  key: string;
  width: number;
  /** Default 'text'. */
  kind?: ExcelColumnKind;
}

const FORMAT: Partial<Record<ExcelColumnKind, string>> = {
  date: EXCEL_FORMATS.day,
  dateTime: EXCEL_FORMATS.dayTime,
  amount: EXCEL_FORMATS.euro,
};

const CELL: Partial<Record<ExcelColumnKind, (value: unknown) => unknown>> = {
  date: (value) => (typeof value === 'string' || value === null ? excelDay(value) : value),
  dateTime: (value) => (typeof value === 'string' ? new Date(value) : value),
  amount: (value) =>
    typeof value === 'string' || typeof value === 'number' || value === null ? excelEuro(value) : value,
};

/** The declared columns as the workbook writer takes them, each kind with its number format. */
export function sheetColumns(columns: readonly ExcelColumn[]): Partial<ExcelJS.Column>[] {
  return columns.map(({ header, key, width, kind = 'text' }) => ({
    header,
    key,
    width,
    ...(FORMAT[kind] ? { style: { numFmt: FORMAT[kind] } } : {}),
  }));
}

/** Turns a row's cells (by key) into what Excel holds, by each column's kind; returns a writer per sheet. */
export function cellWriter(columns: readonly ExcelColumn[]) {
  const converted = columns.flatMap(({ key, kind = 'text' }) => {
    const convert = CELL[kind];
    return convert ? [{ key, convert }] : [];
  });
  return (cells: Record<string, unknown>) => {
    if (!converted.length) return cells;
    const out = { ...cells };
    for (const { key, convert } of converted) if (key in out) out[key] = convert(out[key]);
    return out;
  };
}
