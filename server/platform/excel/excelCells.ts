/** Number formats of the exports' columns (German Excel shows them as 1.234,56 € and 23.11.2026). */
export const EXCEL_FORMATS = {
  euro: '#,##0.00 "€"',
  day: 'dd.mm.yyyy',
  dayTime: 'dd.mm.yyyy hh:mm',
} as const;

/**
 * A calendar day (yyyy-MM-dd, already the company's) as Excel wants it: Excel has no time zones, so the day
 * is written as midnight UTC, which it shows as exactly that day.
 */
export const excelDay = (day: string | null): Date | null => (day ? new Date(`${day}T00:00:00Z`) : null);

/** Cents as the euro amount an Excel cell holds. */
export const excelEuro = (cents: string | number | null): number | null =>
  cents === null ? null : Number(cents) / 100;
