import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useGetList, useGetOne, type RaRecord } from 'react-admin';
import { formatDate } from '../../../i18n/format';
import { activityTypeName } from '../../activities/activityTypes';
import { activityWhen } from '../../activities/activityWhen';
import { useCompanyZone } from '../../vorgaenge/useCompanyZone';

const ActivityDialog = lazy(() => import('../../customers/activities/ActivityDialog'));

/** Aktivitäten tab: the activities tied to this Vorgang; a new one is logged for its customer and tied to it. */
export function VorgangActivities({ vorgangId, customerId }: { vorgangId: number; customerId: number }) {
  const zone = useCompanyZone();
  const [open, setOpen] = useState<RaRecord | 'new' | null>(null);
  const { data: customer } = useGetOne('kunden', { id: customerId });
  const { data = [], isPending } = useGetList('aktivitaeten', {
    filter: { vorgangId },
    sort: { field: 'activityDate', order: 'DESC' },
    pagination: { page: 1, perPage: 100 },
  });
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
      {!isPending && !data.length && (
        <Typography color="text.secondary">Noch keine Aktivitäten zu diesem Vorgang.</Typography>
      )}
      {data.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Aktivitäten des Vorgangs">
            <TableHead>
              <TableRow>
                <TableCell>Datum</TableCell>
                <TableCell>Art</TableCell>
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
                  <TableCell>{activity.dueDate ? formatDate(activity.dueDate as string) : ''}</TableCell>
                  <TableCell>{activity.done ? 'ja' : 'nein'}</TableCell>
                  <TableCell sx={{ minWidth: 200 }}>{activity.note as string}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
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
