import { formatCompanyDate, formatCompanyDateTime } from '../../config/companyTime';
import { formatDate } from '../../i18n/format';
import { hasTimeOfDay } from '../activities/activityTypes';
import type { TimelineItem } from '../customers/timeline/timelineTypes';

/**
 * When a timeline entry happened, in the company's zone: a Beleg has only its date; an activity shows its
 * time only where its type has one (Termin, Besuch, Aufmaß, Schauraumtermin), so an Anruf never reads "00:00".
 */
export function timelineWhen(item: Pick<TimelineItem, 'kind' | 'at' | 'details'>, zone: string): string {
  if (item.kind === 'beleg') return formatDate(item.at);
  if (item.kind === 'aktivitaet' && !hasTimeOfDay((item.details as { type?: unknown }).type)) {
    return formatCompanyDate(item.at, zone);
  }
  return formatCompanyDateTime(item.at, zone);
}
