import { addCompanyDays } from '../../config/companyTime';

/** The period choices of the NPS filters. */
export const NPS_PERIODS = [
  { id: 'last12', name: 'Letzte 12 Monate' },
  { id: 'thisYear', name: 'Dieses Jahr' },
  { id: 'lastYear', name: 'Letztes Jahr' },
  { id: 'all', name: 'Gesamter Zeitraum' },
  { id: 'custom', name: 'Eigener Zeitraum' },
] as const;

export type NpsPeriod = (typeof NPS_PERIODS)[number]['id'];

/**
 * First and last company day of a period, counted from `today` (the company's day). "Letzte 12 Monate"
 * are the current month and the 11 before it, whole months, so the month chart has no cut-off month.
 */
export function periodRange(period: NpsPeriod, today: string): { from?: string; to?: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (period) {
    case 'last12': {
      const start = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10);
      return { from: start, to: today };
    }
    case 'thisYear':
      return { from: `${year}-01-01`, to: today };
    case 'lastYear':
      return { from: `${year - 1}-01-01`, to: addCompanyDays(`${year}-01-01`, -1) };
    default:
      return {};
  }
}

/** The dashboard's "NPS (90 Tage)": the 90 company days up to and including `day` (its statistics link, too). */
export const ninetyDaysTo = (day: string): { from: string; to: string } => ({
  from: addCompanyDays(day, -89),
  to: day,
});
