import type { OutboxSubject } from './outboxTypes';
import { defineOutboxSubject, type DeclaredOutboxSubject } from './outboxSubject';

// Every area's offline-capable writes, found by file name as the entities are (src/resources/registry.ts):
// an area adds one by adding its `<name>.outbox.ts`, with no line here.
const modules = import.meta.glob<{ default: DeclaredOutboxSubject<OutboxSubject> }>(
  '../../resources/*/*.outbox.ts',
  { eager: true },
);

const SUBJECTS = new Map(Object.values(modules).map(({ default: subject }) => [subject.kind, subject]));

// An entry of a kind no area declares any more (saved by an older version of the app): the server is not
// asked; the seller sees it refused with the reason and drops it.
const UNKNOWN = defineOutboxSubject<OutboxSubject>({
  kind: '',
  send: () =>
    Promise.reject(
      Object.assign(new Error('Diese Änderung kann die aktuelle Version der App nicht mehr senden.'), {
        status: 422,
      }),
    ),
  describe: () => 'Änderung',
  customerOf: (subject) => (typeof subject.customerId === 'number' ? subject.customerId : null),
});

/** The declaration of an entry's subject (an unknown kind gets one that refuses to send it). */
export const subjectOf = (subject: OutboxSubject): DeclaredOutboxSubject<OutboxSubject> =>
  SUBJECTS.get(subject.kind) ?? UNKNOWN;

/** The seller's change in words, as the conflict view and the waiting entries show it. */
export const describeSubject = (subject: OutboxSubject): string => subjectOf(subject).describe(subject);

/** The customer an entry belongs to, when it names one. */
export const customerOfSubject = (subject: OutboxSubject): number | null =>
  subjectOf(subject).customerOf(subject);

/** The kinds of offline writes the areas declare (for tests and the docs). */
export const declaredSubjectKinds = (): string[] => [...SUBJECTS.keys()].sort();
