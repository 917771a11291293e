import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { endpointKey } from '../../../api/endpoint';
import { getVorgang } from '../vorgang.endpoints';

/**
 * Runs one change of the Vorgang and says how it went: the success message, or the server's German
 * message (a 409 names who changed it meanwhile); either way the page reads the Vorgang again.
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
        await queryClient.invalidateQueries({ queryKey: endpointKey(getVorgang) });
      }
    },
    [notify, queryClient],
  );
}
