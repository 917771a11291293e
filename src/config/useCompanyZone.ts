import { timeZoneOf } from './companyTime';
import { useClientConfig } from './ClientConfigContext';

/** The tenant's time zone, for "heute", due dates and the days and times shown (never the browser's zone). */
export const useCompanyZone = () => timeZoneOf(useClientConfig().tenant);
