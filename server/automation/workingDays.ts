import Holidays from 'date-holidays';
import { addCompanyDays } from '../../src/config/companyTime';

/**
 * Working days: Monday to Friday except the public holidays of a region (`AT`, `DE`, `DE-BY` …, see
 * src/resources/automation/holidayRegions.rules.ts), from date-holidays. Days are calendar days of the company
 * (yyyy-MM-dd, as `companyToday` gives them), so time zones and DST do not enter here: they decide only which
 * day "today" is. Reusable by anything that counts working days (automations, follow-up cadences).
 */

// The holidays of one region and year are pure data: computed once per process.
const cache = new Map<string, ReadonlySet<string>>();

/** The public holidays of `region` in `year`, as yyyy-MM-dd. */
export function publicHolidays(region: string, year: number): ReadonlySet<string> {
  const key = `${region}:${year}`;
  const known = cache.get(key);
  if (known) return known;
  const [country, state] = region.split('-');
  const calendar = state ? new Holidays(country!, state) : new Holidays(country!);
  const days = new Set(
    (calendar.getHolidays(year) || [])
      .filter((holiday) => holiday.type === 'public')
      .map((holiday) => holiday.date.slice(0, 10)),
  );
  cache.set(key, days);
  return days;
}

/** The name of the public holiday on `day` in `region`, or null. */
export function holidayName(day: string, region: string): string | null {
  if (!publicHolidays(region, Number(day.slice(0, 4))).has(day)) return null;
  const [country, state] = region.split('-');
  const calendar = state ? new Holidays(country!, state) : new Holidays(country!);
  const found = calendar.isHoliday(new Date(`${day}T12:00:00Z`));
  return found ? (found.find((holiday) => holiday.type === 'public')?.name ?? null) : null;
}

const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Whether `day` is a working day in `region` (not Saturday, Sunday or a public holiday). */
export function isWorkingDay(day: string, region: string): boolean {
  const weekday = weekdayOf(day);
  if (weekday === 0 || weekday === 6) return false;
  return !publicHolidays(region, Number(day.slice(0, 4))).has(day);
}

/**
 * `day` moved by `count` working days: forward for a positive count, back for a negative one (the day itself
 * is not counted). With 0: the day itself when it is a working day, else the next one.
 */
export function addWorkingDays(day: string, count: number, region: string): string {
  let current = day;
  if (count === 0) {
    while (!isWorkingDay(current, region)) current = addCompanyDays(current, 1);
    return current;
  }
  const step = count > 0 ? 1 : -1;
  let left = Math.abs(count);
  while (left > 0) {
    current = addCompanyDays(current, step);
    if (isWorkingDay(current, region)) left -= 1;
  }
  return current;
}

/** The working days after `from` up to and including `to` (0 when `to` is not after `from`). */
export function workingDaysBetween(from: string, to: string, region: string): number {
  let count = 0;
  for (let day = addCompanyDays(from, 1); day <= to; day = addCompanyDays(day, 1)) {
    if (isWorkingDay(day, region)) count += 1;
  }
  return count;
}

/**
 * The days D whose `addWorkingDays(D, count)` falls within [first, last], as one range (the function never
 * goes back as D goes on, so they are consecutive); null when none. A sweep finds the records whose date lies
 * in it: those due within [first, last].
 */
export function daysDueWithin(
  first: string,
  last: string,
  count: number,
  region: string,
): { from: string; to: string } | null {
  // Far enough either way to cover `count` working days across holidays and weekends.
  const span = Math.abs(count) * 2 + 20;
  let from: string | null = null;
  let to: string | null = null;
  for (
    let day = addCompanyDays(first, -span);
    day <= addCompanyDays(last, span);
    day = addCompanyDays(day, 1)
  ) {
    const due = addWorkingDays(day, count, region);
    if (due >= first && due <= last) {
      from ??= day;
      to = day;
    }
  }
  return from && to ? { from, to } : null;
}
