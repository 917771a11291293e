import type { DataProvider } from 'react-admin';
import { callEndpoint, type InputArgs } from '../../api/callEndpoint';
import type { EndpointDeclaration } from '../../api/endpoint';
import { newKey } from '../../api/useIdempotencyKey';
import type { ApiClient } from '../../dataProvider/httpClient';
import type { ChangeEntry } from '../../resources/changeHistory/changeHistory.endpoints';
import type { OutboxEntry, OutboxSubject } from './outboxTypes';

/** How an entry reaches the server: the page's API client (the full app's or Mein Tag's light one). */
export interface OutboxTransport {
  call: ApiClient;
  upload: (path: string, file: File, idempotencyKey: string) => Promise<unknown>;
}

/** A customer's latest changes as the Änderungsverlauf recorded them, newest first. */
export type ChangesOf = (customerId: number) => Promise<ChangeEntry[]>;

/** Both versions of a conflicting change, and the entry that sends the seller's one over the current. */
export interface ConflictVersions {
  mine: string;
  current: string;
  /** Null when the seller's change cannot be put over the current one (only keeping it is offered). */
  adopt: OutboxEntry | null;
  /** Who changed the record meanwhile and when, as the Änderungsverlauf recorded it (null: not known). */
  changedBy: { name: string; at: string } | null;
}

/** What a conflict view may read: the record as it is now, and who changed it. */
export interface ConflictContext {
  dataProvider: DataProvider;
  changesOf: ChangesOf;
}

/**
 * An offline-capable write, declared by the area that owns it in `src/resources/<area>/<name>.outbox.ts`: how
 * it is sent (through the area's declared endpoint), how the seller's change reads, whose customer it concerns
 * and what a conflict shows. The outbox finds every such file (outboxSubjects.ts), so a new offline write edits
 * no file of the outbox.
 */
export interface OutboxSubjectDeclaration<S extends OutboxSubject> {
  kind: S['kind'];
  /** Sends the entry's body under its Idempotency-Key; answers the server's result (with the created `id`). */
  send: (entry: OutboxEntry & { subject: S }, transport: OutboxTransport) => Promise<unknown>;
  /** The seller's change in words, as the waiting entries and the conflict view show it. */
  describe: (subject: S) => string;
  /** The customer the change belongs to, when it names one. */
  customerOf: (subject: S) => number | null;
  /** What was changed meanwhile, in words, given the customer's name ("den Kunden „…“"). */
  changedRecord?: (subject: S, customer: string) => string;
  /** The record as it is now beside the seller's change; absent: the server's message is the current state. */
  conflict?: (entry: OutboxEntry, subject: S, context: ConflictContext) => Promise<ConflictVersions>;
}

/** A declared subject, with a typed maker of its entries' subjects and a check that a subject is one. */
export interface DeclaredOutboxSubject<S extends OutboxSubject> extends OutboxSubjectDeclaration<S> {
  make: (fields: Omit<S, 'kind'>) => S;
  is: (subject: OutboxSubject) => subject is S;
}

/** Declares an offline-capable write (see OutboxSubjectDeclaration). */
export function defineOutboxSubject<S extends OutboxSubject>(
  declaration: OutboxSubjectDeclaration<S>,
): DeclaredOutboxSubject<S> {
  return Object.freeze({
    ...declaration,
    make: (fields: Omit<S, 'kind'>) => ({ ...fields, kind: declaration.kind }) as S,
    is: (subject: OutboxSubject): subject is S => subject.kind === declaration.kind,
  });
}

/**
 * The seller's change again at the current version, under a new key: the old key belongs to the refused
 * request, and the server answers a key sent with other data with a 422.
 */
export const rebased = (entry: OutboxEntry, version: number, body: Record<string, unknown>): OutboxEntry => ({
  ...entry,
  version,
  body: { ...(entry.body as Record<string, unknown>), ...body, version },
  idempotencyKey: newKey(),
});

/** A `send` through a declared endpoint: the entry's body (built for that endpoint when saved) and its key. */
export function sendThrough<E extends EndpointDeclaration>(endpoint: E) {
  return (entry: OutboxEntry, transport: OutboxTransport): Promise<unknown> =>
    // Back from IndexedDB the body is untyped; the page built it from this endpoint's body type.
    callEndpoint(
      transport,
      endpoint,
      ...([{ body: entry.body, idempotencyKey: entry.idempotencyKey }] as unknown as InputArgs<E>),
    );
}
