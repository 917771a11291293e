import { Card, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Loading } from 'react-admin';
import { useEndpoint } from '../../api/useEndpoint';
import { getAllPossibleStatus } from './possibleStatuses.endpoints';
import { AreaPage } from '../../layout/AreaPage';

/** Admin → Systemstatus: the statuses a Vorgang takes from its Belege (read-only, admin/getAllPossibleStatus). */
export default function PossibleStatusPage() {
  return (
    <AreaPage area="admin" title="Systemstatus">
      <PossibleStatusTable />
    </AreaPage>
  );
}

function PossibleStatusTable() {
  const { data, error } = useEndpoint(getAllPossibleStatus, {});
  return (
    <>
      <Typography color="text.secondary" sx={{ my: 2, maxWidth: 720 }}>
        Diese Status ergeben sich aus den Belegen eines Vorgangs (Anfrage, Angebot, Auftrag, Rechnung) und
        lassen sich nicht bearbeiten. Für eigene Spalten der Kartenansicht gibt es die „Eigenen Status“.
      </Typography>
      {error && <Typography color="error">Die Systemstatus konnten nicht geladen werden.</Typography>}
      {!data && !error && <Loading />}
      {data && (
        <Card sx={{ maxWidth: 720 }}>
          <Table size="small" aria-label="Systemstatus">
            <TableHead>
              <TableRow>
                <TableCell>Reihenfolge</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Kürzel</TableCell>
                <TableCell align="right">Vorgänge</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((status) => (
                <TableRow key={status.code}>
                  <TableCell>{status.sortOrder}</TableCell>
                  <TableCell>{status.name}</TableCell>
                  <TableCell>{status.code}</TableCell>
                  <TableCell align="right">{status.vorgaenge.toLocaleString('de-DE')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </>
  );
}
