import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableString, Version } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import { DueScopeQuery } from '../todos/dueItems.endpoints';

/** One Termin in the calendar: when, what, with whom, whose; its version for a move. */
export const CalendarTermin = Type.Object({
  id: Id(),
  version: Version(),
  activityType: Type.String(),
  start: Type.String({ format: 'date-time' }),
  customerId: Id(),
  customerName: NullableString(),
  city: NullableString(),
  userId: Id(),
  userName: NullableString(),
  note: NullableString(),
  done: Type.Boolean(),
  /** Where the Termin stands with Outlook: null without a connection, else gesendet / wartet / konflikt. */
  outlook: Type.Union([
    Type.Literal('gesendet'),
    Type.Literal('wartet'),
    Type.Literal('konflikt'),
    Type.Null(),
  ]),
});
export type CalendarTermin = Static<typeof CalendarTermin>;

/** A meeting in Outlook with a customer, read for people who opted in (shown, never moved from the CRM). */
export const CalendarMeeting = Type.Object({
  eventId: Type.String(),
  subject: NullableString(),
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time' }),
  customerId: Id(),
  customerName: NullableString(),
  userName: NullableString(),
});
export type CalendarMeeting = Static<typeof CalendarMeeting>;

/** The Termine (activities with a time of day) of a scope between two instants, at most 2,000. */
export const getCalendarTermine = defineEndpoint({
  method: 'GET',
  path: 'calendar/termine',
  access: { groups: [GROUPS.kunde] },
  tags: ['Kalender'],
  summary:
    'Termine (Besuche, Aufmaße, Beratungen, Montagen) eines Zeitraums: meine, eines Verkäufers, der Filiale',
  query: Type.Object({
    from: Type.String({ format: 'date-time', description: 'Beginn des Zeitraums' }),
    to: Type.String({
      format: 'date-time',
      description: 'Ende des Zeitraums (höchstens 62 Tage nach Beginn)',
    }),
    ...DueScopeQuery,
  }),
  response: Type.Object({
    rows: Type.Array(CalendarTermin),
    truncated: Type.Boolean(),
    meetings: Type.Array(CalendarMeeting),
  }),
});

/**
 * A Termin moved in the calendar (a drag on the desk, "Verschieben" on a phone, or the phone's outbox later): the
 * new start at the version the calendar showed; a change since then is a 409. Idempotent: the outbox's repeat of
 * a send whose answer was lost gets the first answer.
 */
export const moveTermin = defineEndpoint({
  method: 'POST',
  path: 'calendar/moveTermin',
  idempotent: true,
  access: { groups: [GROUPS.kunde] },
  tags: ['Kalender'],
  summary: 'Termin verschieben: neuer Beginn, zur gezeigten Version (409, wenn inzwischen geändert)',
  body: Type.Object({
    id: Id({ description: 'Der Termin (Aktivität)' }),
    version: Version(),
    start: Type.String({ format: 'date-time', description: 'Neuer Beginn' }),
  }),
  response: Type.Object({
    id: Id(),
    version: Version(),
    start: Type.String({ format: 'date-time' }),
  }),
});
