import { endpointKey } from '../../../api/endpoint';
import { getTimelineForCustomer } from './timeline.endpoints';
/** `aenderung`: only on a Vorgang's timeline, what a seller changed on it (vorgang_event). */
export type TimelineKind = 'notiz' | 'aktivitaet' | 'beleg' | 'email' | 'nps' | 'status' | 'aenderung';

/** One entry of a customer's timeline (kunde/getTimelineForCustomer); `at` is a Date on the server. */
export interface TimelineItem<At = string> {
  kind: TimelineKind;
  id: number;
  at: At;
  text: string | null;
  author: string | null;
  version: number;
  own: boolean;
  details: Record<string, unknown>;
  /** Where the next page starts when this is the last entry of a page. */
  cursor: string;
}

export interface TimelinePage {
  items: TimelineItem[];
  next: string | null;
}

/** Query key of a customer's timeline: whatever adds to it (note, activity, mail) invalidates this. */
export const timelineKey = (customerId: unknown) => [
  ...endpointKey(getTimelineForCustomer),
  String(customerId),
];
