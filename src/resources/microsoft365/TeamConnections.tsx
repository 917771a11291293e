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
} from '@mui/material';
import { useEndpoint } from '../../api/useEndpoint';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { STATE_COLOR, STATE_LABEL } from './connectionState';
import { getTeamConnections } from './microsoft365.endpoints';

/** The sales admin's view of the salespeople's connections and why one needs renewing. */
export function TeamConnections() {
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
              <TableCell>Letzte Synchronisation</TableCell>
              <TableCell>Grund</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.userId}>
                <TableCell>{row.name}</TableCell>
                <TableCell>
                  <Chip size="small" label={STATE_LABEL[row.state]} color={STATE_COLOR[row.state]} />
                </TableCell>
                <TableCell>{row.lastSyncAt ? formatDateTime(row.lastSyncAt) : '–'}</TableCell>
                <TableCell>{row.state === 'erneuern' ? row.lastError : ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
