import {
  FormControlLabel,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { endpointKey } from '../../api/endpoint';
import { useEndpointClient } from '../../api/useEndpoint';
import { getSyncLog } from './sync.endpoints';

const LEVEL_ICON = {
  info: <InfoOutlinedIcon fontSize="small" color="action" titleAccess="Info" />,
  warnung: <WarningAmberIcon fontSize="small" color="warning" titleAccess="Warnung" />,
  fehler: <ErrorOutlineIcon fontSize="small" color="error" titleAccess="Abgelehnt" />,
};

/** The log of one run, paged on the server; problems only by default (what the admin must fix). */
export function SyncLogTable({ runId, running }: { runId: number; running: boolean }) {
  const api = useEndpointClient();
  const [onlyProblems, setOnlyProblems] = useState(true);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const { data } = useQuery({
    // The state is part of the key: the log is read once more when the run ends.
    queryKey: [...endpointKey(getSyncLog), runId, running, onlyProblems, page, perPage],
    queryFn: () => api.call(getSyncLog, { query: { runId, onlyProblems, page: page + 1, perPage } }),
    placeholderData: keepPreviousData,
    refetchInterval: running ? 1500 : false,
  });
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={onlyProblems}
            onChange={(event) => {
              setOnlyProblems(event.target.checked);
              setPage(0);
            }}
          />
        }
        label="Nur Warnungen und abgelehnte Zeilen"
      />
      {data?.total === 0 ? (
        <Typography color="text.secondary" sx={{ my: 2 }}>
          {onlyProblems ? 'Keine abgelehnten Zeilen.' : 'Das Protokoll ist leer.'}
        </Typography>
      ) : (
        <Table size="small" aria-label="Protokoll des Abgleichs">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 40 }} />
              <TableCell>Datei</TableCell>
              <TableCell align="right">Zeile</TableCell>
              <TableCell>Meldung</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.data.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{LEVEL_ICON[entry.level]}</TableCell>
                <TableCell>{entry.file ?? ''}</TableCell>
                <TableCell align="right">{entry.line ?? ''}</TableCell>
                <TableCell>{entry.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {(data?.total ?? 0) > 0 && (
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={[25, 50, 100]}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(0);
          }}
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} von ${count.toLocaleString('de-DE')}`}
        />
      )}
    </>
  );
}
