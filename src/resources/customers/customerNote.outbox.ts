import { defineOutboxSubject, sendThrough } from '../../offline/outbox/outboxSubject';
import { postNoteToTimeline } from './timeline/timeline.endpoints';

/** A note on a customer's timeline, saved without a connection. */
export default defineOutboxSubject<{ kind: 'notiz'; customerId: number; text: string }>({
  kind: 'notiz',
  send: sendThrough(postNoteToTimeline),
  describe: (subject) => `Notiz: ${subject.text}`,
  customerOf: (subject) => subject.customerId,
});
