import { TZDate } from '@date-fns/tz';
import type { EventInput } from '@fullcalendar/core';
import { ACTIVITY_TYPES } from '../activities/activityTypes';
import type { CalendarMeeting, CalendarTermin } from './calendar.endpoints';

/** A Termin lasts an hour in the calendar (the CRM keeps only its start). */
export const DURATION_MS = 60 * 60_000;
const typeLabel = (code: string) => ACTIVITY_TYPES.find((type) => type.id === code)?.name ?? code;
const OUTLOOK_NOTE = {
  gesendet: ' · in Outlook',
  wartet: ' · wartet auf Outlook',
  konflikt: ' · Konflikt mit Outlook',
};

/** How the calendar names a Termin: its type and customer ("Aufmaß: Gruber, Hans"). */
export const terminTitle = (termin: CalendarTermin) =>
  `${typeLabel(termin.activityType)}: ${termin.customerName ?? 'Kunde'}`;

/** A move of this Termin made offline that still waits in the outbox: where it goes, and the entry's state. */
export interface WaitingMove {
  start: string;
  state: string;
}

/** A Termin as the calendar draws it; a move still waiting in the outbox shows it where it was moved to. */
export function eventOf(termin: CalendarTermin, withSeller: boolean, waiting?: WaitingMove): EventInput {
  const start = new Date(waiting?.start ?? termin.start);
  return {
    id: String(termin.id),
    title: `${terminTitle(termin)}${withSeller && termin.userName ? ` (${termin.userName})` : ''}`,
    start,
    end: new Date(start.getTime() + DURATION_MS),
    // Only open Termine move; a done one is history. One waiting move at a time: the next follows its answer.
    editable: !termin.done && !waiting,
    classNames: [
      termin.done ? 'termin-erledigt' : '',
      termin.outlook ? `outlook-${termin.outlook}` : '',
      waiting ? 'termin-wartet' : '',
    ],
    extendedProps: {
      termin,
      note: termin.outlook ? OUTLOOK_NOTE[termin.outlook] : '',
      waiting: waiting ? (waiting.state === 'wartet' ? 'wartet' : 'nicht gespeichert') : null,
    },
  };
}

/** An Outlook meeting with a customer: shown for those who opted in, moved only in Outlook. */
export function meetingOf(meeting: CalendarMeeting, withSeller: boolean): EventInput {
  return {
    id: `outlook-${meeting.eventId}`,
    title: `Outlook: ${meeting.subject ?? meeting.customerName ?? 'Termin'}${withSeller && meeting.userName ? ` (${meeting.userName})` : ''}`,
    start: new Date(meeting.start),
    end: new Date(meeting.end),
    editable: false,
    classNames: ['outlook-treffen'],
    extendedProps: { note: ' · aus Outlook, nur lesend' },
  };
}

/** The hours the day and week views show without Termine outside them. */
export const WORKING_HOURS = { slotMinTime: '06:00:00', slotMaxTime: '21:00:00' };

/**
 * The hours the day and week views show: the working hours, widened to every Termin and meeting drawn (a Montage
 * at 05:30, a Beratung at 21:15), in the company's time; outside them FullCalendar would leave a Termin out.
 */
export function visibleHours(events: EventInput[], zone: string): typeof WORKING_HOURS {
  let first = 6;
  let last = 21;
  for (const event of events) {
    if (!(event.start instanceof Date)) continue;
    const wall = new TZDate(event.start.getTime(), zone);
    const end = event.end instanceof Date ? event.end : new Date(event.start.getTime() + DURATION_MS);
    const startMinutes = wall.getHours() * 60 + wall.getMinutes();
    const endMinutes = startMinutes + (end.getTime() - event.start.getTime()) / 60_000;
    first = Math.min(first, wall.getHours());
    last = Math.max(last, Math.min(24, Math.ceil(endMinutes / 60)));
  }
  const time = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;
  return { slotMinTime: time(first), slotMaxTime: time(last) };
}
