/** What an outbox entry is about, to show it where it belongs (timeline, todo list, customer header). */
export type OutboxSubject =
  | { kind: 'notiz'; customerId: number; text: string }
  | { kind: 'besuch'; customerId: number; activityType: string; note: string | null; photos: number }
  | {
      kind: 'todo';
      itemKey: string;
      title: string;
      action: 'erledigt' | 'verschoben';
      /** The due date the seller saw (done) or moved to (postponed), yyyy-MM-dd. */
      dueDate: string;
      /** The customer the todo belongs to (named where the change waits or conflicts). */
      customerId?: number;
    }
  | {
      kind: 'kundenfeld';
      customerId: number;
      field: string;
      /** The field's German label ("Telefon", "Labels"). */
      label: string;
      /** The new value as the seller saw it (label names instead of ids). */
      shown: string;
    };

/** The customer an entry belongs to, when it names one. */
export const customerOfSubject = (subject: OutboxSubject): number | null =>
  subject.kind === 'todo' ? (subject.customerId ?? null) : subject.customerId;

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
  method: 'POST' | 'PUT';
  /** The API path below /api, from the endpoint's declaration (the timeline note's create, say). */
  path: string;
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
