import { TZDate, tz } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, endOfISOWeek, format, parseISO } from 'date-fns';

// The company's day is the tenant's, not the server's or the browser's (issue 21): a seller in Klagenfurt
// and a server in UTC must agree on what is "heute" and "überfällig". Server and web app both use this file.

/** IANA time zone of each tenant's company. */
export const TENANT_TIME_ZONES = { strussnig: 'Europe/Vienna', rekord: 'Europe/Berlin' } as const;

export type TenantKey = keyof typeof TENANT_TIME_ZONES;
export type TimeZoneName = (typeof TENANT_TIME_ZONES)[TenantKey];

/** The tenant's time zone. */
export const timeZoneOf = (tenant: TenantKey): TimeZoneName => TENANT_TIME_ZONES[tenant];

/** The calendar day (yyyy-MM-dd) an instant falls on in the company's zone. */
export const companyDayOf = (instant: Date | string, zone: string): string =>
  format(typeof instant === 'string' ? parseISO(instant) : instant, 'yyyy-MM-dd', { in: tz(zone) });

/** Today in the company's zone, as yyyy-MM-dd. */
export const companyToday = (zone: string, now: Date = new Date()): string => companyDayOf(now, zone);

/** A calendar day (yyyy-MM-dd) moved by whole days, independent of any zone (DST cannot shift it). */
export const addCompanyDays = (day: string, days: number): string =>
  format(addDays(parseISO(day), days), 'yyyy-MM-dd');

/** The instant a company day begins (midnight in the zone), e.g. to compare with stored timestamps. */
export const startOfCompanyDay = (day: string, zone: string): Date => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, date, zone).getTime());
};

/** Where a due item stands against today. "Morgen" is only used when asked for (Todos use it, Fällige Labels not). */
export type DueBucket = 'ueberfaellig' | 'heute' | 'morgen' | 'dieseWoche' | 'spaeter';

/** German headings of the due buckets, in display order. */
export const DUE_BUCKET_LABELS: Record<DueBucket, string> = {
  ueberfaellig: 'Überfällig',
  heute: 'Heute',
  morgen: 'Morgen',
  dieseWoche: 'Diese Woche',
  spaeter: 'Später',
};

/**
 * The bucket of a due day (yyyy-MM-dd) seen from today (yyyy-MM-dd, the company's today). "Diese Woche" runs to
 * Sunday of today's ISO week, so on a Sunday everything after today is "Später" (or "Morgen").
 */
export const dueBucketOf = (
  dueDay: string,
  today: string,
  options: { tomorrow?: boolean } = {},
): DueBucket => {
  const due = parseISO(dueDay);
  const now = parseISO(today);
  const days = differenceInCalendarDays(due, now);
  if (days < 0) return 'ueberfaellig';
  if (days === 0) return 'heute';
  if (days === 1 && options.tomorrow) return 'morgen';
  return due <= endOfISOWeek(now) ? 'dieseWoche' : 'spaeter';
};

/** dd.MM.yyyy of an instant as the company sees it. */
export const formatCompanyDate = (instant: Date | string, zone: string): string =>
  format(typeof instant === 'string' ? parseISO(instant) : instant, 'dd.MM.yyyy', { in: tz(zone) });

/** dd.MM.yyyy HH:mm of an instant as the company sees it. */
export const formatCompanyDateTime = (instant: Date | string, zone: string): string =>
  format(typeof instant === 'string' ? parseISO(instant) : instant, 'dd.MM.yyyy HH:mm', { in: tz(zone) });
