import { Button, Snackbar } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { addCompanyDays } from '../../config/companyTime';
import { formatDate } from '../../i18n/format';
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
      const done = await api.call(markDueItemDone, {
        body: { key: item.key, expectedDueDate: item.dueDate, ...version(item) },
      });
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
      const moved = await api.call(postponeDueItem, {
        body: { key: item.key, expectedDueDate: item.dueDate, dueDate, ...version(item) },
      });
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
  return { markDone, moveTo, postponeBy, busy, undoSnackbar };
}
