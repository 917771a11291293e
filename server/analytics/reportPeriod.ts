import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { parseISO } from 'date-fns/parseISO';
import { addCompanyDays, companyToday } from '../../src/config/companyTime';
import { badRequest } from '../platform/http/apiError';

const MAX_DAYS = 366;

/** The report's days (yyyy-MM-dd, company days in `zone`): `from`–`to` when given, else the last `days` days. */
export function reportPeriod(
  query: { days: number; from?: string; to?: string },
  zone: string,
  now = new Date(),
): { from: string; to: string; days: number } {
  const today = companyToday(zone, now);
  const to = query.to ?? today;
  const from = query.from ?? addCompanyDays(to, 1 - query.days);
  const days = differenceInCalendarDays(parseISO(to), parseISO(from)) + 1;
  if (days < 1) throw badRequest('Bitte prüfen Sie den Zeitraum.', { from: '„Von“ muss vor „Bis“ liegen.' });
  if (days > MAX_DAYS) {
    throw badRequest('Bitte prüfen Sie den Zeitraum.', {
      to: `Der Zeitraum darf höchstens ${MAX_DAYS} Tage umfassen.`,
    });
  }
  return { from, to, days };
}
