import type { Appointment, MyDayMeeting } from './myDay.endpoints';

/** One line of Mein Tag's "Termine heute": a CRM Termin, or a meeting with a customer from Outlook. */
export type MyDayEntry =
  { kind: 'termin'; at: string; item: Appointment } | { kind: 'outlook'; at: string; meeting: MyDayMeeting };

/** Today's Termine and Outlook meetings with customers in one time order (a Termin first at the same minute). */
export function myDayEntries(
  items: readonly Appointment[],
  meetings: readonly MyDayMeeting[] = [],
): MyDayEntry[] {
  return [
    ...items.map((item): MyDayEntry => ({ kind: 'termin', at: item.activityDate, item })),
    ...meetings.map((meeting): MyDayEntry => ({ kind: 'outlook', at: meeting.start, meeting })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.kind === 'termin' ? -1 : 1));
}

/** How a meeting reads: its subject, else "Termin in Outlook". */
export const meetingTitle = (meeting: MyDayMeeting) => meeting.subject?.trim() || 'Termin in Outlook';
