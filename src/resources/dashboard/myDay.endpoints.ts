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

/** Mein Tag on the phone: the caller's appointments of the company's today, in time order. */
export const getMyDayAppointments = defineEndpoint({
  method: 'GET',
  path: 'dashboard/getMyDayAppointments',
  access: { groups: [GROUPS.kunde] },
  tags: ['Dashboard'],
  summary: 'Meine Termine, Besuche und Aufmaße von heute (Zeitfolge) mit Adresse und Telefon des Kunden',
  // No input; an empty query so that the route's prefetch (prefetchDashboard) and the page share one key.
  query: Type.Object({}),
  response: Type.Object({ today: Day(), items: Type.Array(Appointment) }),
});
