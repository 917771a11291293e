import { formatCompanyDateTime, timeZoneOf } from './companyTime';
import { useClientConfig } from './ClientConfigContext';

/** The tenant's time zone, for "heute", due dates and the days and times shown (never the browser's zone). */
export const useCompanyZone = () => timeZoneOf(useClientConfig().tenant);

/**
 * dd.MM.yyyy HH:mm of an instant in the company's zone, for a component: what i18n's formatDateTime did in the
 * browser's zone (a server run at 00:30 in Vienna read 23:30 of the day before in a browser elsewhere).
 */
export const useCompanyDateTime = () => {
  const zone = useCompanyZone();
  return (instant: Date | string) => formatCompanyDateTime(instant, zone);
};
