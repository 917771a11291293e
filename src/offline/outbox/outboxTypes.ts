/**
 * What an outbox entry is about (a note, a Besuch, a todo, a customer's field …), as its area's subject
 * declaration made it (`src/resources/<area>/<name>.outbox.ts`, see outboxSubject.ts): its kind names that
 * declaration, the rest is the declaration's own. Stored in IndexedDB, so plain data.
 */
export type OutboxSubject = { readonly kind: string } & Readonly<Record<string, unknown>>;

/** A photo of an entry: sent after the entry's own request, to the record that request created. */
export interface OutboxFile {
  blob: Blob;
  name: string;
  /** Its own Idempotency-Key: a repeated upload stores it once. */
  key: string;
  /** The upload path with `:id` standing for the created record's id, e.g. the activity's upload path. */
  path: string;
}

/**
 * `wartet`: not sent yet. `konflikt`: the server refused it as stale (409), the seller decides. `abgelehnt`: the
 * server refused it otherwise (400, 403, 404, 422), the seller sees why and drops it. Nothing after an entry
 * that is not `wartet` is sent, so the order stays.
 */
export type OutboxState = 'wartet' | 'konflikt' | 'abgelehnt';

/** One change saved on the device, waiting to be sent. */
export interface OutboxEntry {
  /** Its place in the order (IndexedDB's auto-increment key). */
  seq: number;
  /** MSAL's home account id: only that person's app sends or shows it. */
  accountId: string;
  /** The request's body, sent by the subject's declaration through its declared endpoint. */
  body: unknown;
  /** Made when the person saved: the server stores the change once however often it is sent. */
  idempotencyKey: string;
  /** The record an edit changes (`kunde:12`, a todo's key), null for creates. */
  record: string | null;
  /** The record's version the edit was made at (null for creates). */
  version: number | null;
  files: OutboxFile[];
  /** When the person saved it (ISO instant). */
  createdAt: string;
  state: OutboxState;
  /** The server's German message for a conflict or refusal. */
  problem?: string;
  subject: OutboxSubject;
}

/** What a new entry needs; the outbox adds the order, account, time and state. */
export type NewOutboxEntry = Omit<OutboxEntry, 'seq' | 'accountId' | 'createdAt' | 'state' | 'problem'>;
