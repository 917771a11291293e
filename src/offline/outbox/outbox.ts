import { useSyncExternalStore } from 'react';
import { isOnline } from '../online';
import { addEntry, listEntries, putEntry, removeEntry } from './outboxStore';
import { sendOutbox, type OutboxTransport } from './sendOutbox';
import type { NewOutboxEntry, OutboxEntry } from './outboxTypes';

/**
 * The outbox of the signed-in account as the screens see it: its entries (read from IndexedDB after every
 * change), whether a run is sending, and whether the sign-in expired. One sender per page; across tabs
 * the Web Lock keeps one run at a time (a second run would only replay answers: every entry has its key).
 */
export interface OutboxView {
  accountId: string | null;
  entries: readonly OutboxEntry[];
  sending: boolean;
  /** The server refused the token (401): the entries wait until the person signs in again. */
  signInExpired: boolean;
}

// How long a run waits before trying again after a server error or a line that carried nothing: soon at
// first (a lost answer on a weak line), then less often, so a phone in a dead spot does not drain its battery.
const RETRY_MS = [2_000, 5_000, 15_000, 30_000, 60_000];
let failedRuns = 0;

let view: OutboxView = { accountId: null, entries: [], sending: false, signInExpired: false };
const listeners = new Set<() => void>();
let connection: { transport: OutboxTransport; onSent: (entries: OutboxEntry[]) => void } | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;
let again = false;

function publish(next: Partial<OutboxView>) {
  view = { ...view, ...next };
  listeners.forEach((listener) => listener());
}

/** Reads the account's entries again and tells the screens. */
export async function reloadOutbox(): Promise<void> {
  const accountId = view.accountId;
  if (!accountId) return;
  // Without IndexedDB (a browser that refuses it) there is no outbox: the writes then work as online only.
  const entries = await listEntries(accountId).catch(() => null);
  if (entries && view.accountId === accountId) publish({ entries });
}

async function runOnce(transport: OutboxTransport, onSent: (entries: OutboxEntry[]) => void) {
  const accountId = view.accountId;
  if (!accountId) return;
  publish({ sending: true });
  const sent: OutboxEntry[] = [];
  try {
    const outcome = await sendOutbox(accountId, transport, (entry) => {
      sent.push(entry);
      void reloadOutbox();
    });
    publish({ signInExpired: outcome === 'anmeldung' });
    failedRuns = outcome === 'netz' ? failedRuns + 1 : 0;
    if (outcome === 'netz' && isOnline()) {
      retry = setTimeout(sendNow, RETRY_MS[Math.min(failedRuns, RETRY_MS.length) - 1]);
    }
  } finally {
    publish({ sending: false });
    await reloadOutbox();
    // Once per run, not per entry: the screens' refetches would share the weak line with the sends.
    if (sent.length) onSent(sent);
  }
}

/** Subscribes to the outbox of the signed-in account (a screen outside React's hooks); returns the unsubscribe. */
export function subscribeOutbox(listener: (view: OutboxView) => void): () => void {
  const call = () => listener(view);
  listeners.add(call);
  call();
  return () => listeners.delete(call);
}

/** Starts a run now (app start, network back, a new entry); a run already going runs once more after. */
export function sendNow(): void {
  clearTimeout(retry);
  if (!connection || !view.accountId || !isOnline()) return;
  if (running) {
    again = true;
    return;
  }
  const { transport, onSent } = connection;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = () => runOnce(transport, onSent);
  const started: Promise<unknown> = locks ? locks.request('fenster-crm-ausgang', run) : run();
  running = started
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        sendNow();
      }
    });
}

/**
 * Connects the outbox to the signed-in account and the app's API client (the frame does this once signed
 * in), reads its entries and sends them; the network coming back sends again. `onSent` hears after each run
 * what it sent.
 */
export function connectOutbox(
  accountId: string,
  transport: OutboxTransport,
  onSent: (entries: OutboxEntry[]) => void,
): () => void {
  connection = { transport, onSent };
  if (view.accountId !== accountId) publish({ accountId, entries: [], signInExpired: false });
  window.addEventListener('online', sendNow);
  void reloadOutbox().then(sendNow);
  return () => {
    window.removeEventListener('online', sendNow);
    clearTimeout(retry);
    connection = null;
  };
}

/**
 * Keeps a change in the account's outbox and sends it when it can. The same edit of the same record already
 * waiting (a todo tapped "erledigt" again on a page reopened offline, before it showed the first as waiting) is
 * not kept twice: the waiting one stands for both.
 */
export async function queueChange(accountId: string, entry: NewOutboxEntry): Promise<OutboxEntry> {
  const repeated =
    entry.record === null
      ? undefined
      : ((await listEntries(accountId).catch(() => null)) ?? []).find(
          (waiting) =>
            waiting.state === 'wartet' &&
            waiting.record === entry.record &&
            waiting.subject.kind === entry.subject.kind &&
            JSON.stringify(waiting.body) === JSON.stringify(entry.body),
        );
  if (repeated) return repeated;
  const stored = await addEntry(accountId, entry);
  if (view.accountId === accountId) await reloadOutbox();
  sendNow();
  return stored;
}

/** Whether the account has entries not sent yet (a new change then queues behind them, keeping the order). */
export async function hasWaiting(accountId: string): Promise<boolean> {
  return ((await listEntries(accountId).catch(() => null)) ?? []).length > 0;
}

/** The seller's decision on a conflict or refusal: drop the entry, or send it again as changed. */
export async function resolveEntry(entry: OutboxEntry, replacement: OutboxEntry | null): Promise<void> {
  if (replacement) await putEntry({ ...replacement, state: 'wartet', problem: undefined });
  else await removeEntry(entry.seq);
  await reloadOutbox();
  sendNow();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in account's outbox for a screen. */
export function useOutboxView(): OutboxView {
  return useSyncExternalStore(
    subscribe,
    () => view,
    () => view,
  );
}

/**
 * One text derived from the outbox (e.g. the waiting values of one customer, as JSON): a screen re-renders
 * only when that text changes, not on every entry sent.
 */
export function useOutboxText(select: (view: OutboxView) => string): string {
  return useSyncExternalStore(
    subscribe,
    () => select(view),
    () => select(view),
  );
}

/** Forgets what the page knows of the outbox (sign-out; the database itself is deleted by the wipe). */
export function forgetOutboxView(): void {
  clearTimeout(retry);
  publish({ accountId: null, entries: [], sending: false, signInExpired: false });
}
