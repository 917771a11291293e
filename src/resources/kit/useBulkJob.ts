import { useEndpoint } from '../../api/useEndpoint';
import { getBulkJob } from '../bulkActions/bulkActions.endpoints';

/** Follows a bulk job on the server (every second while it runs); nothing while `id` is null. */
export function useBulkJob(id: number | null) {
  return useEndpoint(
    getBulkJob,
    { params: { id: id ?? 0 } },
    {
      enabled: id !== null,
      refetchInterval: (query) => (query.state.data?.state === 'fertig' ? false : 1_000),
    },
  );
}
