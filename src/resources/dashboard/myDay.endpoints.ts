import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { NullableInteger, NullableString, Timestamp } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import { Day } from '../todos/dueItems.endpoints';

/** One of today's appointments (Termin, Besuch, Aufmaß, Schauraumtermin) with what the seller needs on the road. */
const Appointment = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  activityType: Type.String({ description: 'Art (Code): termin, besuch, aufmass, schauraum' }),
  activityDate: Timestamp(),
  done: Type.Boolean(),
  note: NullableString(),
  reason: NullableString({ description: 'Grund' }),
  reasonId: NullableInteger({ description: 'Grund (id), vorbelegt, wenn der Termin erfasst wird' }),
  customerId: Type.Integer(),
  customerName: NullableString(),
  street: NullableString(),
  zip: NullableString(),
  city: NullableString(),
  phone: NullableString({ description: 'Telefon, sonst Mobil des Kunden' }),
  vorgangId: NullableInteger(),
  vorgangNumber: NullableString(),
});
export type Appointment = Static<typeof Appointment>;

/** A meeting with a customer in the seller's Outlook today (read for those who opted in; moved only in Outlook). */
const MyDayMeeting = Type.Object({
  eventId: Type.String(),
  subject: NullableString(),
  start: Timestamp(),
  end: Timestamp(),
  customerId: Type.Integer(),
  customerName: NullableString(),
  street: NullableString(),
  zip: NullableString(),
  city: NullableString(),
  location: NullableString({ description: 'Ort laut Outlook' }),
  phone: NullableString({ description: 'Telefon, sonst Mobil des Kunden' }),
});
export type MyDayMeeting = Static<typeof MyDayMeeting>;

/**
 * Mein Tag on the phone: the caller's appointments of the company's today, in time order, and their Outlook
 * meetings with customers of today (Profil → Microsoft 365 → "Outlook-Termine mit Kunden anzeigen"), and how many
 * of their Vorgänge stagnate (the dashboard's figure for "mine").
 */
export const getMyDayAppointments = defineEndpoint({
  method: 'GET',
  path: 'dashboard/getMyDayAppointments',
  access: { groups: [GROUPS.kunde] },
  tags: ['Dashboard'],
  summary: 'Meine Termine, Besuche und Aufmaße von heute (Zeitfolge) mit Adresse und Telefon des Kunden',
  // No input; an empty query so that the route's prefetch (prefetchDashboard) and the page share one key.
  query: Type.Object({}),
  response: Type.Object({
    today: Day(),
    items: Type.Array(Appointment),
    // Optional: a copy kept on a phone by an older version of the app has none.
    meetings: Type.Optional(Type.Array(MyDayMeeting)),
    // Optional for the same reason: the kept copy of an older version has no count (then no line is shown).
    stagnant: Type.Optional(
      Type.Integer({
        description:
          'Meine stagnierenden Vorgänge: offen und länger ohne Aktivität, als ihr Eigener Status erlaubt (wie die Kennzahl)',
      }),
    ),
  }),
});

/** How far ahead the kept copy reaches: today and the six days after it. */
export const OFFLINE_KIT_DAYS = 7;
/** Most customers and most Vorgänge the kit names, each: a week's work, not a whole book of business. */
export const OFFLINE_KIT_LIMIT = 60;

/**
 * What a seller's phone keeps for the road: the customers and Vorgänge of the caller's own open todos (overdue
 * and due within the next 7 days, incl. due labels) and Termine, Besuche and Aufmaße of the next 7 days, the
 * nearest first. The phone then keeps each one's page (header, contact data, labels, newest timeline page).
 */
export const getMyOfflineKit = defineEndpoint({
  method: 'GET',
  path: 'dashboard/getMyOfflineKit',
  access: { groups: [GROUPS.kunde] },
  tags: ['Dashboard'],
  summary: 'Kunden und Vorgänge meiner Todos und Termine der nächsten 7 Tage, für die Offline-Kopie am Gerät',
  query: Type.Object({}),
  response: Type.Object({
    today: Day(),
    until: Day({ description: 'Erster Tag, der nicht mehr dazugehört (heute + 7)' }),
    customerIds: Type.Array(Type.Integer(), { maxItems: OFFLINE_KIT_LIMIT }),
    vorgangIds: Type.Array(Type.Integer(), { maxItems: OFFLINE_KIT_LIMIT }),
  }),
});
