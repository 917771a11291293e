import { format, parseISO } from 'date-fns';
import { de } from 'date-fns/locale';

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** 1.234,56 € from integer cents. */
export const formatEuroCents = (cents: number): string => euro.format(cents / 100);

const integer = new Intl.NumberFormat('de-DE');

/** Whole numbers with German grouping: 5.000. */
export const formatNumber = (value: number): string => integer.format(value);

const compactEuro = new Intl.NumberFormat('de-DE', {
  notation: 'compact',
  style: 'currency',
  currency: 'EUR',
});

/** Short amounts for chart axes: 800.000 €, 2 Mio. €. */
export const formatEuroCentsCompact = (cents: number): string => compactEuro.format(cents / 100);

/** dd.MM.yyyy from an ISO date or timestamp. */
export const formatDate = (value: string | Date): string =>
  format(typeof value === 'string' ? parseISO(value) : value, 'dd.MM.yyyy', { locale: de });

/** dd.MM.yyyy HH:mm from an ISO timestamp. */
export const formatDateTime = (value: string | Date): string =>
  format(typeof value === 'string' ? parseISO(value) : value, 'dd.MM.yyyy HH:mm', { locale: de });
