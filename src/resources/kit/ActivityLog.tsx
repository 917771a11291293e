import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useGetList, useNotify, useUpdate, type RaRecord } from 'react-admin';
import { endpointKey } from '../../api/endpoint';
import { useEndpointClient } from '../../api/useEndpoint';
import { getFilesForCustomer, type StoredFile } from '../files/files.endpoints';
import { formatDate } from '../../i18n/format';
import { useCompanyZone } from '../../config/useCompanyZone';
import { activityTypeName } from '../activities/activityTypes';
import { activityWhen } from './activityWhen';
import { NOTE_TEXT_SX } from './noteText';
import { TimelineFiles } from './TimelineFiles';

const ActivityDialog = lazy(() => import('./ActivityDialog'));

interface ActivityLogProps {
  /** Which activities: a customer's (`customerId`) or a Vorgang's (`vorgangId`). */
  filter: { customerId: number } | { vorgangId: number };
  /** The customer a new activity is logged for; the button waits until it is loaded. */
  customer: RaRecord | undefined;
  /** Ties a new activity to this Vorgang. */
  vorgangId?: number;
  emptyText: string;
  label: string;
}

/**
 * The activities of a customer or a Vorgang, newest first, each with its files (as the timeline and Dateien show
 * them): "erledigt" ticks in place, a click edits, a button logs a new one.
 */
export function ActivityLog({ filter, customer, vorgangId, emptyText, label }: ActivityLogProps) {
  const zone = useCompanyZone();
  const notify = useNotify();
  const [open, setOpen] = useState<RaRecord | 'new' | null>(null);
  const {
    data = [],
    total,
    isPending,
  } = useGetList('aktivitaeten', {
    filter,
    sort: { field: 'activityDate', order: 'DESC' },
    pagination: { page: 1, perPage: 100 },
  });
  const { data: reasons = [] } = useGetList('admin/reasons', { pagination: { page: 1, perPage: 200 } });
  const files = useActivityFiles(customer?.id === undefined ? undefined : Number(customer.id));
  const [update] = useUpdate();
  const toggleDone = (activity: RaRecord) =>
    update(
      'aktivitaeten',
      { id: activity.id, data: { done: !activity.done }, previousData: activity },
      {
        mutationMode: 'pessimistic',
        onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
      },
    );
  return (
    <Box>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        onClick={() => setOpen('new')}
        disabled={!customer}
        sx={{ mb: 1 }}
      >
        Neue Aktivität
      </Button>
      {!isPending && !data.length && <Typography color="text.secondary">{emptyText}</Typography>}
      {data.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                <TableCell>Datum</TableCell>
                <TableCell>Art</TableCell>
                <TableCell>Grund</TableCell>
                <TableCell>Fällig am</TableCell>
                <TableCell>Erledigt</TableCell>
                <TableCell>Notiz</TableCell>
                <TableCell>Dateien</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((activity) => (
                <TableRow
                  key={activity.id}
                  hover
                  onClick={() => setOpen(activity)}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {activityWhen(activity as { activityType: string; activityDate: string }, zone)}
                  </TableCell>
                  <TableCell>{activityTypeName(activity.activityType)}</TableCell>
                  <TableCell>{reasons.find((r) => r.id === activity.reasonId)?.text ?? ''}</TableCell>
                  <TableCell>{activity.dueDate ? formatDate(activity.dueDate as string) : ''}</TableCell>
                  <TableCell onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      checked={Boolean(activity.done)}
                      onChange={() => toggleDone(activity)}
                      inputProps={{ 'aria-label': 'erledigt' }}
                    />
                  </TableCell>
                  <TableCell sx={{ minWidth: 200, maxWidth: 360, ...NOTE_TEXT_SX }}>
                    {activity.note as string}
                  </TableCell>
                  <TableCell
                    sx={{ minWidth: 180, maxWidth: 260 }}
                    onClick={(event) => event.stopPropagation()}
                  >
                    {files.get(Number(activity.id)) && (
                      <TimelineFiles files={files.get(Number(activity.id))!} />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {(total ?? 0) > data.length && (
            <Typography variant="caption">
              Die neuesten {data.length} von {total} Aktivitäten.
            </Typography>
          )}
        </Box>
      )}
      {open && customer && (
        <Suspense fallback={null}>
          <ActivityDialog
            customer={customer}
            activity={open === 'new' ? undefined : open}
            vorgangId={vorgangId}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}

/**
 * The customer's activity files by activity, from the call the Dateien tab makes (same query: an upload there or
 * in the activity's dialog shows here too).
 */
function useActivityFiles(customerId: number | undefined): Map<number, StoredFile[]> {
  const api = useEndpointClient();
  const { data = [] } = useQuery({
    queryKey: [...endpointKey(getFilesForCustomer), customerId],
    queryFn: () => api.call(getFilesForCustomer, { params: { id: customerId! } }),
    enabled: customerId !== undefined,
  });
  return useMemo(() => {
    const byActivity = new Map<number, StoredFile[]>();
    for (const file of data) {
      if (file.activityId == null) continue;
      byActivity.set(file.activityId, [...(byActivity.get(file.activityId) ?? []), file]);
    }
    return byActivity;
  }, [data]);
}
