import type { DataProvider } from 'react-admin';
import { subjectOf } from './outboxSubjects';
import type { ChangesOf, ConflictVersions } from './outboxSubject';
import type { OutboxEntry } from './outboxTypes';

/**
 * Reads the record as it is now on the server and puts it beside the seller's change: the subject's own view
 * (its area's `*.outbox.ts`), else the server's message as the current state with nothing to put over it.
 */
export async function loadConflictVersions(
  entry: OutboxEntry,
  dataProvider: DataProvider,
  changesOf: ChangesOf,
): Promise<ConflictVersions> {
  const declared = subjectOf(entry.subject);
  if (declared.conflict) return declared.conflict(entry, entry.subject, { dataProvider, changesOf });
  const mine = declared.describe(entry.subject);
  return { mine, current: entry.problem ?? 'Inzwischen geändert.', adopt: null, changedBy: null };
}
