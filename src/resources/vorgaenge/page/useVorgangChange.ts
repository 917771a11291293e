import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNotify } from 'react-admin';

/**
 * Runs one change of the Vorgang and says how it went: the success message, or the server's German
 * message (a 409 names who changed it meanwhile); either way the page reads every vorgang/ call again
 * (header, status history, timeline, Plan-DB), since one change can show in several of them.
 */
export function useVorgangChange() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useCallback(
    async (change: () => Promise<unknown>, done: string): Promise<boolean> => {
      try {
        await change();
        notify(done, { type: 'info' });
        return true;
      } catch (error) {
        notify(error instanceof Error ? error.message : String(error), { type: 'error' });
        return false;
      } finally {
        await queryClient.invalidateQueries({
          predicate: (query) => String(query.queryKey[0]).startsWith('vorgang/'),
        });
      }
    },
    [notify, queryClient],
  );
}
