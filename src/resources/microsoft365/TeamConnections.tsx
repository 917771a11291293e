import {
  Alert,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEndpoint } from '../../api/useEndpoint';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { STATE_COLOR, STATE_LABEL } from './connectionState';
import { getTeamConnections } from './microsoft365.endpoints';

/**
 * The sales admin's view of the salespeople's connections and why one needs renewing; on a phone two columns,
 * the last synchronisation and the reason under the name (four would run past the screen).
 */
export function TeamConnections() {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const team = useEndpoint(getTeamConnections, {});
  const formatDateTime = useCompanyDateTime();
  const rows = team.data?.rows ?? [];
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Verbindungen Ihrer Verkäufer
        </Typography>
        {team.error && <Alert severity="error">{team.error.message}</Alert>}
        <Table size="small" aria-label="Verbindungen Ihrer Verkäufer">
          <TableHead>
            <TableRow>
              <TableCell>Verkäufer</TableCell>
              <TableCell>Zustand</TableCell>
              {!phone && <TableCell>Letzte Synchronisation</TableCell>}
              {!phone && <TableCell>Grund</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const lastSync = row.lastSyncAt ? formatDateTime(row.lastSyncAt) : '–';
              const reason = row.state === 'erneuern' ? row.lastError : '';
              return (
                <TableRow key={row.userId}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {row.name}
                    {phone && row.lastSyncAt && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        Letzte Synchronisation: {lastSync}
                      </Typography>
                    )}
                    {phone && reason && (
                      <Typography variant="caption" component="div" color="error">
                        {reason}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={STATE_LABEL[row.state]} color={STATE_COLOR[row.state]} />
                  </TableCell>
                  {!phone && <TableCell>{lastSync}</TableCell>}
                  {!phone && <TableCell>{reason}</TableCell>}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
