import { formatCompanyDateTime } from '../../config/companyTime';
import { defineOutboxSubject, rebased, sendThrough } from '../../offline/outbox/outboxSubject';
import type { OutboxEntry } from '../../offline/outbox/outboxTypes';
import { moveTermin } from './calendar.endpoints';

type TerminMoveSubject = {
  kind: 'terminVerschoben';
  terminId: number;
  /** How the calendar names it ("Aufmaß: Gruber, Hans"). */
  title: string;
  /** The new start (ISO instant). */
  start: string;
  /** The company's zone when it was moved: its words read in company time wherever the device is. */
  zone: string;
  customerId: number;
};

type Row = { id: number; version: number; done?: boolean; activityDate?: unknown };

const describeMove = (subject: TerminMoveSubject) =>
  `${subject.title} verschoben auf ${formatCompanyDateTime(subject.start, subject.zone)}`;

/** A Termin moved in the calendar without a connection (the phone's "Verschieben" or a drag on the desk). */
const terminMoveOutbox = defineOutboxSubject<TerminMoveSubject>({
  kind: 'terminVerschoben',
  send: sendThrough(moveTermin),
  describe: describeMove,
  customerOf: (subject) => subject.customerId,
  changedRecord: (subject, customer) => `den Termin „${subject.title}“ von ${customer}`,
  // The Termin as it is now: still open, the seller's move can be put over it at its current version.
  conflict: async (entry, subject, { dataProvider }) => {
    const { data } = await dataProvider.getOne<Row>('aktivitaeten', { id: subject.terminId });
    const at =
      typeof data.activityDate === 'string' ? formatCompanyDateTime(data.activityDate, subject.zone) : '–';
    const current = `${subject.title} ${data.done ? 'ist erledigt' : `am ${at}`}`;
    return {
      mine: describeMove(subject),
      current,
      adopt: data.done ? null : rebased(entry, data.version, {}),
      changedBy: null,
    };
  },
});
export default terminMoveOutbox;

/** The Termine moved offline whose move still waits: the Termin's id, its waiting start and the entry's state. */
export const waitingTerminMoves = (entries: readonly OutboxEntry[]): [number, string, string][] =>
  entries.flatMap(({ subject, state }) =>
    terminMoveOutbox.is(subject)
      ? [[subject.terminId, subject.start, state] as [number, string, string]]
      : [],
  );
