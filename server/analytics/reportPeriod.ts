import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import { badRequest } from '../platform/http/apiError';

const MAX_DAYS = 366;
const viennaDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' });

/** The report's days (yyyy-MM-dd, Vienna time): `from`–`to` when given, else the last `days` days. */
export function reportPeriod(
  query: { days: number; from?: string; to?: string },
  now = new Date(),
): { from: string; to: string; days: number } {
  const today = viennaDay.format(now);
  const to = query.to ?? today;
  const from = query.from ?? format(addDays(parseISO(to), 1 - query.days), 'yyyy-MM-dd');
  const days = differenceInCalendarDays(parseISO(to), parseISO(from)) + 1;
  if (days < 1) throw badRequest('Bitte prüfen Sie den Zeitraum.', { from: '„Von“ muss vor „Bis“ liegen.' });
  if (days > MAX_DAYS) {
    throw badRequest('Bitte prüfen Sie den Zeitraum.', {
      to: `Der Zeitraum darf höchstens ${MAX_DAYS} Tage umfassen.`,
    });
  }
  return { from, to, days };
}
