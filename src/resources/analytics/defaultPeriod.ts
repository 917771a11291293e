import { addCompanyDays, companyToday } from '../../config/companyTime';

/**
 * The usage report's first period: the company's last `days` days up to its today, in the tenant's zone, not
 * the browser's (just after midnight in Vienna a browser set to UTC still has yesterday).
 */
export function defaultPeriod(zone: string, days: number, now = new Date()): { from: string; to: string } {
  const to = companyToday(zone, now);
  return { from: addCompanyDays(to, 1 - days), to };
}
