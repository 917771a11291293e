import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEndpoint } from '../../../api/useEndpoint';
import { formatCompanyDateTime } from '../../../config/companyTime';
import { getStatusHistoryForVorgang } from '../vorgang.endpoints';
import { useCompanyZone } from '../../../config/useCompanyZone';

/** Statusverlauf tab: each change of the Vorgang's status with its reason, who and when. */
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
            <TableCell>Von</TableCell>
            <TableCell>Nach</TableCell>
            <TableCell>Grund</TableCell>
            <TableCell>Geändert von</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((change) => (
            <TableRow key={change.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatCompanyDateTime(change.changedAt, zone)}
              </TableCell>
              <TableCell>{change.fromStatus ?? 'neu'}</TableCell>
              <TableCell>{change.toStatus}</TableCell>
              <TableCell>{change.reason ?? ''}</TableCell>
              <TableCell>{change.changedBy ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
