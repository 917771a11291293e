import { formatCompanyDate, formatCompanyDateTime } from '../../config/companyTime';
import { hasTimeOfDay } from '../activities/activityTypes';

/** When an activity was: with its time where the type has one (Termin, Besuch, Aufmaß, Schauraumtermin). */
export const activityWhen = (row: { activityType: string; activityDate: string }, zone: string) =>
  hasTimeOfDay(row.activityType)
    ? formatCompanyDateTime(row.activityDate, zone)
    : formatCompanyDate(row.activityDate, zone);
