import { endpointKey } from '../../../api/endpoint';
import type { Static } from 'typebox';
import {
  getTimelineForCustomer,
  type TimelineItemSchema,
  type TimelinePageSchema,
} from './timeline.endpoints';
// The schemas live beside the endpoint (timeline.endpoints.ts imports nothing from here, so no cycle).
export type TimelineKind = Static<typeof TimelineItemSchema>['kind'];

/** One entry of a customer's timeline (kunde/getTimelineForCustomer); `at` is a Date on the server. */
export type TimelineItem<At = string> = Omit<Static<typeof TimelineItemSchema>, 'at'> & { at: At };

export type TimelinePage = Static<typeof TimelinePageSchema>;

/** Query key of a customer's timeline: whatever adds to it (note, activity, mail) invalidates this. */
export const timelineKey = (customerId: unknown) => [
  ...endpointKey(getTimelineForCustomer),
  String(customerId),
];
