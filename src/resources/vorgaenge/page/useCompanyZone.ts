import { timeZoneOf } from '../../../config/companyTime';
import { useClientConfig } from '../../../config/ClientConfigContext';

/** The tenant's time zone: the company's day for "heute", due dates and times shown. */
export const useCompanyZone = () => timeZoneOf(useClientConfig().tenant);
