import { Button, Snackbar } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { newKey } from '../../api/useIdempotencyKey';
import { useOutboxText } from '../../offline/outbox/outbox';
import { useSendOrQueue } from '../../offline/outbox/sendOrQueue';
import { addCompanyDays } from '../../config/companyTime';
import { formatDate } from '../../i18n/format';
import { activityTypeName } from '../activities/activityTypes';
import dueItemOutbox, { waitingDueItemTexts } from '../todos/dueItem.outbox';
import { getVorgangsFaellig } from '../todos/dueLabels.endpoints';
import {
  getTodoCount,
  getTodos,
  markDueItemDone,
  postponeDueItem,
  reopenDueItem,
  type DueItem,
} from '../todos/dueItems.endpoints';

type Undo = { message: string; run: () => Promise<unknown> };

/** How an item is named where a change of it waits (its activity type's name, or the label's). */
const titleOf = (item: DueItem) => (item.kind === 'aktivitaet' ? activityTypeName(item.title) : item.title);

/** The day a postponement starts from: the due day, or today if the item is already overdue. */
export const postponeBase = (dueDate: string, today: string) => (dueDate < today ? today : dueDate);

/**
 * One-click changes of due items (done, +1 Tag, +1 Woche, a chosen day), each followed by a snackbar with
 * "Rückgängig"; every view of due items (Todos, Fällige Labels, dashboard, menu count) is refreshed after it.
 */
export function useDueItemActions() {
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [undo, setUndo] = useState<Undo | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const sendOrQueue = useSendOrQueue();
  // Items changed offline, with what waits for them ("Erledigt – wartet"), until the outbox sent it; as text,
  // so the lists re-render when that changes, not per entry sent.
  const waitingText = useOutboxText(({ entries }) => JSON.stringify(waitingDueItemTexts(entries)));
  const waiting = new Map(JSON.parse(waitingText) as [string, string][]);
  const offlineSaved = () => {
    notify('Offline gespeichert: die Änderung wird gesendet, sobald Verbindung besteht.');
    return null;
  };

  const refresh = () =>
    Promise.all(
      [getTodos, getVorgangsFaellig, getTodoCount].map((endpoint) =>
        queryClient.invalidateQueries({ queryKey: [endpoint.path] }),
      ),
    );
  const run = async (key: string, action: () => Promise<Undo | null>) => {
    setBusy(key);
    try {
      setUndo(await action());
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Das hat nicht geklappt.', { type: 'error' });
    } finally {
      setBusy(null);
      await refresh();
    }
  };
  const version = (item: DueItem) => (item.version === null ? {} : { version: item.version });

  const markDone = (item: DueItem) =>
    run(item.key, async () => {
      const body = { key: item.key, expectedDueDate: item.dueDate, ...version(item) };
      const idempotencyKey = newKey();
      const saved = await sendOrQueue(
        {
          body,
          idempotencyKey,
          record: item.key,
          version: item.version,
          files: [],
          subject: dueItemOutbox.make({
            itemKey: item.key,
            title: titleOf(item),
            action: 'erledigt',
            dueDate: item.dueDate,
            customerId: item.customerId,
          }),
        },
        () => api.call(markDueItemDone, { body, idempotencyKey }),
      );
      if (saved.queued) return offlineSaved();
      const done = saved.result;
      return {
        message: item.kind === 'aktivitaet' ? 'Als erledigt markiert.' : `Label „${item.title}“ entfernt.`,
        run: () =>
          api.call(reopenDueItem, {
            body: {
              key: item.key,
              dueDate: done.dueDate,
              ...(done.version === null ? {} : { version: done.version }),
            },
          }),
      };
    });

  const moveTo = (item: DueItem, dueDate: string) =>
    run(item.key, async () => {
      const body = { key: item.key, expectedDueDate: item.dueDate, dueDate, ...version(item) };
      const idempotencyKey = newKey();
      const saved = await sendOrQueue(
        {
          body,
          idempotencyKey,
          record: item.key,
          version: item.version,
          files: [],
          subject: dueItemOutbox.make({
            itemKey: item.key,
            title: titleOf(item),
            action: 'verschoben',
            dueDate,
            customerId: item.customerId,
          }),
        },
        () => api.call(postponeDueItem, { body, idempotencyKey }),
      );
      if (saved.queued) return offlineSaved();
      const moved = saved.result;
      return {
        message: `Verschoben auf ${formatDate(dueDate)}.`,
        run: () =>
          api.call(postponeDueItem, {
            body: {
              key: item.key,
              expectedDueDate: moved.dueDate,
              dueDate: item.dueDate,
              ...(moved.version === null ? {} : { version: moved.version }),
            },
          }),
      };
    });

  const postponeBy = (item: DueItem, today: string, days: number) =>
    moveTo(item, addCompanyDays(postponeBase(item.dueDate, today), days));

  const undoSnackbar = (
    <Snackbar
      open={Boolean(undo)}
      autoHideDuration={8000}
      onClose={(_, reason) => reason !== 'clickaway' && setUndo(null)}
      message={undo?.message}
      action={
        <Button
          color="secondary"
          size="small"
          onClick={() => {
            const current = undo;
            setUndo(null);
            if (current) void run('undo', async () => (await current.run(), null));
          }}
        >
          Rückgängig
        </Button>
      }
    />
  );
  return { markDone, moveTo, postponeBy, busy, waiting, undoSnackbar };
}
