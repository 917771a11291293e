import {
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { endpointKey, type ResultOf } from '../../api/endpoint';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { getCalendarConflicts, getConnectionStatus, resolveCalendarConflict } from './microsoft365.endpoints';

type Conflict = ResultOf<typeof getCalendarConflicts>['rows'][number];

/** The Termine changed both in Outlook and in the CRM, for the person to decide; nothing when none. */
export function CalendarConflicts() {
  const conflicts = useEndpoint(getCalendarConflicts, {});
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const formatDateTime = useCompanyDateTime();
  const rows = conflicts.data?.rows ?? [];
  if (rows.length === 0) return null;
  const resolve = async (conflict: Conflict, keep: 'crm' | 'outlook') => {
    try {
      await api.call(resolveCalendarConflict, { params: { id: conflict.id }, body: { keep } });
      await queryClient.invalidateQueries({ queryKey: endpointKey(getCalendarConflicts) });
      await queryClient.invalidateQueries({ queryKey: endpointKey(getConnectionStatus) });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Konflikte
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Diese Termine wurden in Outlook und im CRM geändert. Nichts wurde überschrieben: Bitte entscheiden
          Sie.
        </Typography>
        <Table size="small" aria-label="Konflikte">
          <TableHead>
            <TableRow>
              <TableCell>Kunde</TableCell>
              <TableCell>Im CRM</TableCell>
              <TableCell>In Outlook</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((conflict) => (
              <TableRow key={conflict.id}>
                <TableCell>{conflict.customerName ?? '–'}</TableCell>
                <TableCell>{conflict.crmStart ? formatDateTime(conflict.crmStart) : '–'}</TableCell>
                <TableCell>
                  {conflict.kind === 'geloescht'
                    ? 'gelöscht'
                    : conflict.outlookStart
                      ? formatDateTime(conflict.outlookStart)
                      : '–'}
                </TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => void resolve(conflict, 'crm')}>
                    CRM behalten
                  </Button>
                  <Button size="small" onClick={() => void resolve(conflict, 'outlook')}>
                    Outlook übernehmen
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
