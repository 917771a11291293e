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
import { lazy, Suspense, useState } from 'react';
import { useGetList, useNotify, useUpdate, type RaRecord } from 'react-admin';
import { formatDate } from '../../../i18n/format';
import { activityTypeName } from '../../activities/activityTypes';
import { activityWhen } from '../../activities/activityWhen';
import { useCompanyZone } from '../../vorgaenge/useCompanyZone';
import type { CustomerTabProps } from '../CustomerShow';

const ActivityDialog = lazy(() => import('./ActivityDialog'));

function ReasonName({ id, reasons }: { id: unknown; reasons: RaRecord[] }) {
  return <>{reasons.find((r) => r.id === id)?.text ?? ''}</>;
}

/** Aktivitäten tab: the customer's activities, newest first; "erledigt" ticks in place, a click edits. */
export default function CustomerActivities({ customer }: CustomerTabProps) {
  const zone = useCompanyZone();
  const notify = useNotify();
  const [open, setOpen] = useState<RaRecord | 'new' | null>(null);
  const {
    data = [],
    total,
    isPending,
  } = useGetList('aktivitaeten', {
    filter: { customerId: customer.id },
    sort: { field: 'activityDate', order: 'DESC' },
    pagination: { page: 1, perPage: 100 },
  });
  const { data: reasons = [] } = useGetList('admin/reasons', { pagination: { page: 1, perPage: 200 } });
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
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen('new')} sx={{ mb: 1 }}>
        Neue Aktivität
      </Button>
      {!isPending && !data.length && <Typography color="text.secondary">Noch keine Aktivitäten.</Typography>}
      {data.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Aktivitäten">
            <TableHead>
              <TableRow>
                <TableCell>Datum</TableCell>
                <TableCell>Art</TableCell>
                <TableCell>Grund</TableCell>
                <TableCell>Fällig am</TableCell>
                <TableCell>Erledigt</TableCell>
                <TableCell>Notiz</TableCell>
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
                  <TableCell>
                    <ReasonName id={activity.reasonId} reasons={reasons} />
                  </TableCell>
                  <TableCell>{activity.dueDate ? formatDate(activity.dueDate as string) : ''}</TableCell>
                  <TableCell onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      checked={Boolean(activity.done)}
                      onChange={() => toggleDone(activity)}
                      inputProps={{ 'aria-label': 'erledigt' }}
                    />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 360, whiteSpace: 'pre-wrap' }}>
                    {activity.note as string}
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
      <Suspense fallback={null}>
        {open && (
          <ActivityDialog
            customer={customer}
            activity={open === 'new' ? undefined : open}
            onClose={() => setOpen(null)}
          />
        )}
      </Suspense>
    </Box>
  );
}
