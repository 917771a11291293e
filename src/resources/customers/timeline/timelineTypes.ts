/** One entry of a customer's timeline as kunde/getTimelineForCustomer sends it. */
export interface TimelineItem {
  kind: 'notiz' | 'aktivitaet' | 'beleg' | 'email' | 'nps' | 'status';
  id: number;
  at: string;
  text: string | null;
  author: string | null;
  version: number;
  own: boolean;
  details: Record<string, unknown>;
  cursor: string;
}

export interface TimelinePage {
  items: TimelineItem[];
  next: string | null;
}

/** Query key of a customer's timeline: whatever adds to it (note, activity, mail) invalidates this. */
export const timelineKey = (customerId: unknown) => ['kunde/getTimelineForCustomer', String(customerId)];
