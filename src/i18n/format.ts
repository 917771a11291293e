import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { de } from 'date-fns/locale/de';

// The number formats are built on first use, not when this module loads: building the three took about 50 ms
// of the main thread in a cold load of /crm/kunden, which shows none of them.
let euro: Intl.NumberFormat | undefined;
let integer: Intl.NumberFormat | undefined;
let compactEuro: Intl.NumberFormat | undefined;

/** 1.234,56 € from integer cents. */
export const formatEuroCents = (cents: number): string =>
  (euro ??= new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' })).format(cents / 100);

/** Whole numbers with German grouping: 5.000. */
export const formatNumber = (value: number): string =>
  (integer ??= new Intl.NumberFormat('de-DE')).format(value);

/** A count with its noun, singular for one: "1 Antwort", "2 Antworten", "1.234 Antworten". */
export const countOf = (count: number, one: string, many: string): string =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;

/** Short amounts for chart axes: 800.000 €, 2 Mio. €. */
export const formatEuroCentsCompact = (cents: number): string =>
  (compactEuro ??= new Intl.NumberFormat('de-DE', {
    notation: 'compact',
    style: 'currency',
    currency: 'EUR',
  })).format(cents / 100);

/** dd.MM.yyyy of a calendar day (yyyy-MM-dd); an instant's day is the company's: formatCompanyDate. */
export const formatDate = (value: string | Date): string =>
  format(typeof value === 'string' ? parseISO(value) : value, 'dd.MM.yyyy', { locale: de });

// No dd.MM.yyyy HH:mm here: a point in time is shown in the company's zone (useCompanyDateTime), never the
// browser's.
