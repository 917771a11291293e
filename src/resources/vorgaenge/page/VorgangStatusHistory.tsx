import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEndpoint } from '../../../api/useEndpoint';
import { formatCompanyDateTime } from '../../../config/companyTime';
import { getStatusHistoryForVorgang } from '../vorgang.endpoints';
import { NO_CUSTOM_STATUS, systemStatusName } from '../vorgangEvents.rules';
import type { StatusChange } from '../vorgangPageTypes';
import { useCompanyZone } from '../../../config/useCompanyZone';

/** A status of one row as people know it: system statuses by name ("Neu" before the first), "Ohne Status". */
const shown = (change: StatusChange, status: string | null) =>
  change.kind === 'status' ? systemStatusName(status) : (status ?? NO_CUSTOM_STATUS);

/**
 * Statusverlauf tab: each change of the Vorgang's system status and of its Eigener Status (set on the page or
 * moved on the board) with its reason, who and when.
 */
export function VorgangStatusHistory({ vorgangId }: { vorgangId: number }) {
  const zone = useCompanyZone();
  const { data = [], isPending } = useEndpoint(getStatusHistoryForVorgang, { params: { id: vorgangId } });
  if (!isPending && !data.length) {
    return <Typography color="text.secondary">Der Status wurde noch nicht geändert.</Typography>;
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Statusverlauf">
        <TableHead>
          <TableRow>
            <TableCell>Zeitpunkt</TableCell>
            <TableCell>Art</TableCell>
            <TableCell>Von</TableCell>
            <TableCell>Nach</TableCell>
            <TableCell>Grund</TableCell>
            <TableCell>Geändert von</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((change) => (
            <TableRow key={`${change.kind}-${change.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatCompanyDateTime(change.changedAt, zone)}
              </TableCell>
              <TableCell>{change.kind === 'status' ? 'Status' : 'Eigener Status'}</TableCell>
              <TableCell>{shown(change, change.fromStatus)}</TableCell>
              <TableCell>{shown(change, change.toStatus)}</TableCell>
              <TableCell>
                {change.reason ?? (change.via === 'board' ? 'in der Kartenansicht verschoben' : '')}
              </TableCell>
              <TableCell>{change.changedBy ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
