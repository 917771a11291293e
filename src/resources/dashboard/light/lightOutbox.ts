// What Mein Tag's light page loads once the day is on screen (with the full app's code behind it): the
// outbox, connected to the account as the full app's top bar connects it, and the todos' done / postpone through
// it. The same requests, keys and outbox entries as the full app's `useDueItemActions`.
import { callEndpoint } from '../../../api/callEndpoint';
import { newKey } from '../../../api/useIdempotencyKey';
import type { ApiClients } from '../../../dataProvider/httpClient';
import { connectOutbox, subscribeOutbox } from '../../../offline/outbox/outbox';
import { sendOrQueue } from '../../../offline/outbox/sendOrQueue';
import type { OutboxSubject } from '../../../offline/outbox/outboxTypes';
import dueItemOutbox, { waitingDueItemTexts } from '../../todos/dueItem.outbox';
import { activityTypeName } from '../../activities/activityTypes';
import {
  markDueItemDone,
  postponeDueItem,
  reopenDueItem,
  type DueItem,
} from '../../todos/dueItems.endpoints';

export { useOutboxView } from '../../../offline/outbox/outbox';
export { outboxChipText, outboxSavedText } from '../../../offline/outbox/outboxWording';

/**
 * Calls `onChange` with the todos that wait in the outbox ("Erledigt – wartet"), now and after every change of it:
 * what was changed offline shows as waiting also on a page opened again without network.
 */
export function watchWaitingTodos(onChange: (waiting: ReadonlyMap<string, string>) => void): () => void {
  let last = '';
  return subscribeOutbox(({ entries }) => {
    const texts = waitingDueItemTexts(entries);
    const text = JSON.stringify(texts);
    if (text === last) return;
    last = text;
    onChange(new Map(texts));
  });
}

/** What a change did: sent (with its undo), or kept in the outbox until the network is back. */
export type LightChange = { queued: true } | { queued: false; message: string; undo: () => Promise<unknown> };

/** Connects the outbox to the account (sends what waits, and again when the network returns). */
export function connectLightOutbox(
  accountId: string,
  { api, upload }: ApiClients,
  onSent: (count: number) => void,
) {
  return connectOutbox(
    accountId,
    {
      call: (path, options) => api(path, options),
      upload: (path, file, key) => upload(path, file, undefined, key),
    },
    (sent) => onSent(sent.length),
  );
}

const titleOf = (item: DueItem) => (item.kind === 'aktivitaet' ? activityTypeName(item.title) : item.title);
const versionOf = (version: number | null) => (version === null ? {} : { version });

function send<T>(
  accountId: string,
  body: object,
  item: DueItem,
  subject: OutboxSubject,
  call: (idempotencyKey: string) => Promise<T>,
) {
  const idempotencyKey = newKey();
  return sendOrQueue(
    accountId,
    {
      body,
      idempotencyKey,
      record: item.key,
      version: item.version,
      files: [],
      subject,
    },
    () => call(idempotencyKey),
  );
}

/** Marks a todo (or a due label) done, or keeps that in the outbox without network. */
export async function markDone(accountId: string, { api }: ApiClients, item: DueItem): Promise<LightChange> {
  const body = { key: item.key, expectedDueDate: item.dueDate, ...versionOf(item.version) };
  const subject = dueItemOutbox.make({
    itemKey: item.key,
    title: titleOf(item),
    action: 'erledigt',
    dueDate: item.dueDate,
    customerId: item.customerId,
  });
  const saved = await send(accountId, body, item, subject, (idempotencyKey) =>
    callEndpoint({ call: api }, markDueItemDone, { body, idempotencyKey }),
  );
  if (saved.queued) return saved;
  const done = saved.result;
  return {
    queued: false,
    message: item.kind === 'aktivitaet' ? 'Als erledigt markiert.' : `Label „${item.title}“ entfernt.`,
    undo: () =>
      callEndpoint({ call: api }, reopenDueItem, {
        body: { key: item.key, dueDate: done.dueDate, ...versionOf(done.version) },
      }),
  };
}

/** Moves a todo to `dueDate`, or keeps that in the outbox without network. */
export async function moveTo(
  accountId: string,
  { api }: ApiClients,
  item: DueItem,
  dueDate: string,
  message: string,
): Promise<LightChange> {
  const body = { key: item.key, expectedDueDate: item.dueDate, dueDate, ...versionOf(item.version) };
  const subject = dueItemOutbox.make({
    itemKey: item.key,
    title: titleOf(item),
    action: 'verschoben',
    dueDate,
    customerId: item.customerId,
  });
  const saved = await send(accountId, body, item, subject, (idempotencyKey) =>
    callEndpoint({ call: api }, postponeDueItem, { body, idempotencyKey }),
  );
  if (saved.queued) return saved;
  const moved = saved.result;
  return {
    queued: false,
    message,
    undo: () =>
      callEndpoint({ call: api }, postponeDueItem, {
        body: {
          key: item.key,
          expectedDueDate: moved.dueDate,
          dueDate: item.dueDate,
          ...versionOf(moved.version),
        },
      }),
  };
}
