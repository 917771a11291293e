import { useGetIdentity } from 'react-admin';
import { isOnline } from '../online';
import { hasWaiting, queueChange } from './outbox';
import type { NewOutboxEntry } from './outboxTypes';

/** What became of a save: sent now (with the server's answer), or kept in the outbox to be sent later. */
export type SaveResult<T> = { queued: false; result: T } | { queued: true };

const noNetwork = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 0;

/**
 * Sends a change now when the device is online and nothing waits before it; without a network (or when the
 * send finds none) the change goes into the account's outbox with the same Idempotency-Key, so a first send
 * the server did get is stored once. Other errors (400, 409) are the caller's, as before.
 */
export async function sendOrQueue<T>(
  accountId: string | undefined,
  entry: NewOutboxEntry,
  send: () => Promise<T>,
): Promise<SaveResult<T>> {
  if (!accountId) return { queued: false, result: await send() };
  if (isOnline() && !(await hasWaiting(accountId))) {
    try {
      return { queued: false, result: await send() };
    } catch (error) {
      if (!noNetwork(error)) throw error;
    }
  }
  await queueChange(accountId, entry);
  return { queued: true };
}

/** `sendOrQueue` for the signed-in account. */
export function useSendOrQueue() {
  const { identity } = useGetIdentity();
  const accountId = identity?.id === undefined ? undefined : String(identity.id);
  return <T>(entry: NewOutboxEntry, send: () => Promise<T>) => sendOrQueue(accountId, entry, send);
}
