import type { DateTimeTimeZone, Event } from '@microsoft/microsoft-graph-types';
import { activityTypeName } from '../../src/resources/activities/activityTypes';

/**
 * The extended property that carries the CRM's id on each event it writes (a GUID of our own, as Graph's
 * documentation asks for custom properties): the event says which Termin it is even without the CRM's table.
 */
export const CRM_ID_PROPERTY = 'String {4d6a9a52-9c7e-4d43-a1b4-6f0b0e8c1f20} Name FensterCrmTermin';

/** How long a Termin lasts in Outlook until someone changes its end there. */
export const DEFAULT_MINUTES = 60;

/** A Termin as the write path needs it: the activity, its customer and Vorgang. */
export interface Termin {
  id: number;
  version: number;
  activityType: string;
  activityDate: Date;
  note: string | null;
  done: boolean;
  userId: number | null;
  customerId: number;
  customerName: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  phone: string | null;
  mobile: string | null;
  vorgangId: number | null;
  vorgangNumber: string | null;
  vorgangTitle: string | null;
}

/** An instant as Graph takes it: the UTC wall clock, zone UTC (Outlook shows it in the person's zone). */
export const graphTime = (instant: Date): DateTimeTimeZone => ({
  dateTime: instant.toISOString().replace('Z', ''),
  timeZone: 'UTC',
});

/** Graph's answer (UTC unless asked otherwise) as an instant. */
export function instantOf(value: DateTimeTimeZone | null | undefined): Date | null {
  const text = value?.dateTime;
  if (!text) return null;
  // Graph answers in UTC (the CRM sends no Prefer: outlook.timezone); an offset, if any, is honoured.
  return new Date(/Z|[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`);
}

/** Subject, place and text of a Termin's event; the customer's address as the location. */
export function terminEvent(termin: Termin, publicUrl: string, durationMinutes = DEFAULT_MINUTES): Event {
  const base = publicUrl.replace(/\/$/, '');
  const place = [termin.street, [termin.zip, termin.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const link = termin.vorgangId
    ? `${base}/crm/vorgang/${termin.vorgangId}`
    : `${base}/crm/kunden/${termin.customerId}/show`;
  const lines = [
    termin.vorgangId ? `Vorgang ${termin.vorgangNumber ?? ''} ${termin.vorgangTitle ?? ''}`.trim() : null,
    termin.phone ? `Telefon: ${termin.phone}` : null,
    termin.mobile ? `Mobil: ${termin.mobile}` : null,
    termin.note ? `\n${termin.note}` : null,
    `\nIm CRM öffnen: ${link}`,
  ].filter((line): line is string => line !== null);
  const end = new Date(termin.activityDate.getTime() + durationMinutes * 60_000);
  return {
    subject: `${activityTypeName(termin.activityType)}: ${termin.customerName ?? 'Kunde'}`,
    body: { contentType: 'text', content: lines.join('\n') },
    start: graphTime(termin.activityDate),
    end: graphTime(end),
    location: place ? { displayName: place } : undefined,
    showAs: 'busy',
    isReminderOn: true,
    reminderMinutesBeforeStart: 15,
    singleValueExtendedProperties: [{ id: CRM_ID_PROPERTY, value: `aktivitaet:${termin.id}` }],
  };
}
