import { timeZoneOf } from '../../config/companyTime';
import { useClientConfig } from '../../config/ClientConfigContext';

/** The tenant's time zone, for "heute" and the days shown (never the browser's zone). */
export const useCompanyZone = () => timeZoneOf(useClientConfig().tenant);
