import { listEntries, putEntry, removeEntry } from './outboxStore';
import type { OutboxTransport } from './outboxSubject';
import type { OutboxEntry } from './outboxTypes';

export type { OutboxTransport } from './outboxSubject';

/**
 * Why a run stopped: `leer` all sent; `netz` no network or the server is unwell (try again later);
 * `anmeldung` the sign-in expired (the entries wait for the next sign-in); `entscheidung` an entry waits for
 * the seller (conflict or refusal), and nothing after it is sent.
 */
export type SendOutcome = 'leer' | 'netz' | 'anmeldung' | 'entscheidung';

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
    ? error.status
    : 0;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// The entry's own request, then its photos to the record it created. Each carries its key, so a repeat
// after a lost answer gets the first answer back (the same created id) and stores nothing twice.
async function sendEntry(entry: OutboxEntry, transport: OutboxTransport): Promise<unknown> {
  // The areas' subjects (and their endpoints) come only when something waits: every page connects the outbox.
  const { subjectOf } = await import('./outboxSubjects');
  const result = await subjectOf(entry.subject).send(entry, transport);
  if (!entry.files.length) return result;
  const id = (result as { id?: unknown } | null)?.id;
  if (typeof id !== 'number' && typeof id !== 'string')
    throw new Error('Die Antwort nennt keinen Datensatz.');
  for (const file of entry.files) {
    // From the bytes: what IndexedDB gives back is a Blob that only its own realm's File may know as one.
    const named = new File([await file.blob.arrayBuffer()], file.name, { type: file.blob.type });
    await transport.upload(file.path.replace(':id', String(id)), named, file.key);
  }
  return result;
}

/**
 * Later edits of the same record were made offline at the version (and due date) the seller saw before this
 * one; the server moved them on with this edit, so they follow, or the seller's own changes would refuse each
 * other as conflicts. Only entries not sent yet are changed (a sent one keeps its body for its key).
 */
async function followOn(sent: OutboxEntry, answer: unknown, later: OutboxEntry[]) {
  if (!sent.record || typeof answer !== 'object' || answer === null) return;
  const { version, dueDate } = answer as { version?: unknown; dueDate?: unknown };
  const before = sent.body as { expectedDueDate?: unknown };
  for (const entry of later) {
    if (entry.record !== sent.record || entry.state !== 'wartet') continue;
    const body = { ...(entry.body as Record<string, unknown>) };
    let next = entry.version;
    if (typeof version === 'number' && entry.version === sent.version && 'version' in body) {
      body.version = version;
      next = version;
    }
    if (typeof dueDate === 'string' && body.expectedDueDate === before.expectedDueDate) {
      body.expectedDueDate = dueDate;
    }
    await putEntry({ ...entry, body, version: next });
  }
}

/**
 * Sends the account's waiting entries in the order they were saved, each removed once the server stored it.
 * Stops at the first that cannot be sent now and says why; `onSent` hears of every entry sent.
 */
export async function sendOutbox(
  accountId: string,
  transport: OutboxTransport,
  onSent: (entry: OutboxEntry) => void = () => {},
): Promise<SendOutcome> {
  for (;;) {
    const [entry, ...later] = await listEntries(accountId);
    if (!entry) return 'leer';
    if (entry.state !== 'wartet') return 'entscheidung';
    let answer: unknown;
    try {
      answer = await sendEntry(entry, transport);
    } catch (error) {
      const status = statusOf(error);
      if (status === 401) return 'anmeldung';
      if (status === 0 || status === 408 || status === 429 || status >= 500) return 'netz';
      await putEntry({
        ...entry,
        state: status === 409 ? 'konflikt' : 'abgelehnt',
        problem: messageOf(error),
      });
      return 'entscheidung';
    }
    await followOn(entry, answer, later);
    await removeEntry(entry.seq);
    onSent(entry);
  }
}
