import { useState } from 'react';
import { useRefresh } from 'react-admin';
import { useEndpoint, useEndpointMutation } from '../../api/useEndpoint';
import { getBulkJob, startBulkAction } from '../bulkActions/bulkActions.endpoints';

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

/**
 * The job of a bulk dialog (Sammelaktion, Mail an eine Auswahl): started once, followed until it is done, and how
 * the dialog closes. `close` refreshes the list when the job ran (its rows changed) and tells the caller whether
 * the selection is spent; `dialogClose` is the dialog's own close (Escape, a click beside it), none while the job
 * starts or runs, so its report is not lost.
 */
export function useBulkJobDialog(onClose: (finished: boolean) => void) {
  const [jobId, setJobId] = useState<number | null>(null);
  const refresh = useRefresh();
  const start = useEndpointMutation(startBulkAction, { onSuccess: (job) => setJobId(job.id) });
  const job = useBulkJob(jobId).data;
  const finished = job?.state === 'fertig';
  const close = () => {
    if (finished) refresh();
    onClose(finished);
  };
  const dialogClose = start.isPending || (jobId !== null && !finished) ? undefined : close;
  return { jobId, start, job, finished, close, dialogClose, refresh };
}
