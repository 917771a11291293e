import { formatDate } from '../../i18n/format';
import { defineOutboxSubject, rebased, sendThrough } from '../../offline/outbox/outboxSubject';
import type { OutboxEntry } from '../../offline/outbox/outboxTypes';
import { markDueItemDone, postponeDueItem } from './dueItems.endpoints';

type Row = { id: number; version: number; done?: boolean; dueDate?: unknown };

const sendDone = sendThrough(markDueItemDone);
const sendPostponed = sendThrough(postponeDueItem);

type DueItemSubject = {
  kind: 'todo';
  itemKey: string;
  title: string;
  action: 'erledigt' | 'verschoben';
  /** The due date the seller saw (done) or moved to (postponed), yyyy-MM-dd. */
  dueDate: string;
  /** The customer the todo belongs to (named where the change waits or conflicts). */
  customerId?: number;
};

const describeDueItem = (subject: DueItemSubject) =>
  subject.action === 'erledigt'
    ? `„${subject.title}“ erledigt`
    : `„${subject.title}“ verschoben auf ${formatDate(subject.dueDate)}`;

/** A due item (todo, due label) marked done or moved to another day without a connection. */
const dueItemOutbox = defineOutboxSubject<DueItemSubject>({
  kind: 'todo',
  send: (entry, transport) =>
    entry.subject.action === 'erledigt' ? sendDone(entry, transport) : sendPostponed(entry, transport),
  describe: (subject) => describeDueItem(subject),
  customerOf: (subject) => subject.customerId ?? null,
  changedRecord: (subject, customer) => `„${subject.title}“ von ${customer}`,
  // A todo (an activity) as it is now: still open, the seller's change can be put over it at its due date.
  // A due label has no view of its own: the server's message says what changed.
  conflict: async (entry, subject, { dataProvider }) => {
    const mine = describeDueItem(subject);
    if (!subject.itemKey.startsWith('aktivitaet:'))
      return { mine, current: entry.problem ?? 'Inzwischen geändert.', adopt: null, changedBy: null };
    const id = Number(subject.itemKey.split(':')[1]);
    const { data } = await dataProvider.getOne<Row>('aktivitaeten', { id });
    const dueDate = typeof data.dueDate === 'string' ? data.dueDate.slice(0, 10) : null;
    const current = data.done
      ? `„${subject.title}“ ist erledigt`
      : `„${subject.title}“ fällig am ${dueDate ? formatDate(dueDate) : '–'}`;
    // Done already, or no due date to move from: nothing of the seller's change can be put over it.
    const adopt = !data.done && dueDate ? rebased(entry, data.version, { expectedDueDate: dueDate }) : null;
    return { mine, current, adopt, changedBy: null };
  },
});
export default dueItemOutbox;

/** The due items changed offline with what waits for them ("Erledigt – wartet"), by the item's key. */
export const waitingDueItemTexts = (entries: readonly OutboxEntry[]): [string, string][] =>
  entries.flatMap(({ subject }) =>
    dueItemOutbox.is(subject)
      ? [
          [
            subject.itemKey,
            `${subject.action === 'erledigt' ? 'Erledigt' : `Verschoben auf ${formatDate(subject.dueDate)}`} – wartet`,
          ],
        ]
      : [],
  );
