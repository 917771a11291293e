import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  Grid,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Loading, useNotify } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { getSyncStatus, startSync } from './sync.endpoints';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { AreaPage } from '../../layout/AreaPage';
import { Figure } from '../kit/Figure';
import { SyncLogTable } from './SyncLogTable';
import { SYNC_STATUS_KEY, type SyncRun } from './syncTypes';
import { countOf } from '../../i18n/format';

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('de-DE')} kB`;
const percent = (run: SyncRun) => (run.total === 0 ? 100 : Math.round((run.processed / run.total) * 100));

/** Admin → Datenabgleich: the ERP export in the import folder, the sync's start, progress and log (APP_ADMIN). */
export default function DataSyncPage() {
  return (
    <AreaPage area="admin" title="Datenabgleich">
      <DataSyncView />
    </AreaPage>
  );
}

function RunSummary({ run }: { run: SyncRun }) {
  const formatDateTime = useCompanyDateTime();
  const by = run.startedBy ? ` von ${run.startedBy}` : '';
  return (
    <Stack spacing={2}>
      {run.state === 'laeuft' && (
        <Box>
          <Typography>
            Läuft{by} seit {formatDateTime(run.startedAt)}
            {run.currentFile ? `, liest ${run.currentFile}` : ''}: {run.processed.toLocaleString('de-DE')} von{' '}
            {countOf(run.total, 'Zeile', 'Zeilen')} ({percent(run)} %).
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percent(run)}
            aria-label="Fortschritt des Abgleichs"
            sx={{ mt: 1, height: 8, borderRadius: 1 }}
          />
        </Box>
      )}
      {run.state === 'fertig' && (
        <Typography>
          Letzter Abgleich{by}: {formatDateTime(run.startedAt)} bis {formatDateTime(run.finishedAt!)}.
        </Typography>
      )}
      {run.state === 'fehler' && (
        <Alert severity="error">
          Der Abgleich{by} vom {formatDateTime(run.startedAt)} ist abgebrochen: {run.error}
        </Alert>
      )}
      <Grid container spacing={2}>
        {(
          [
            ['Neu angelegt', run.created],
            ['Geändert', run.updated],
            ['Unverändert', run.unchanged],
            ['Abgelehnt', run.rejected],
          ] as const
        ).map(([label, value]) => (
          <Grid key={label} size={{ xs: 6, md: 3 }}>
            <Figure label={label} value={value} />
          </Grid>
        ))}
      </Grid>
      {run.suppressed > 0 && (
        <Alert severity="warning">
          {run.suppressed === 1
            ? 'Eine Zeile des Exports betraf eine Person, die nach Art. 17 DSGVO gelöscht wurde, und wurde übersprungen (siehe Protokoll). Bitte löschen Sie diese Person auch im ERP.'
            : `${run.suppressed.toLocaleString('de-DE')} Zeilen des Exports betrafen Personen, die nach Art. 17 DSGVO gelöscht wurden, und wurden übersprungen (siehe Protokoll). Bitte löschen Sie diese Personen auch im ERP.`}
        </Alert>
      )}
    </Stack>
  );
}

/** The import folder, the start button and the latest run with its log. */
export function DataSyncView() {
  const formatDateTime = useCompanyDateTime();
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [logging, setLogging] = useState(false);
  const { data, error } = useQuery({
    queryKey: SYNC_STATUS_KEY,
    queryFn: () => api.call(getSyncStatus),
    refetchInterval: (query) => (query.state.data?.run?.state === 'laeuft' ? 1000 : false),
  });
  // A double click reaches onClick twice before React re-renders the disabled button: only the first starts.
  const starting = useRef(false);
  const start = useMutation({
    mutationFn: () => api.call(startSync, { query: { logging } }),
    onSuccess: (next) => queryClient.setQueryData(SYNC_STATUS_KEY, next),
    // 409 (another admin started one meanwhile) says so in German: "Ein Datenabgleich läuft gerade schon …".
    onError: (failure: Error) => {
      notify(failure.message, { type: 'error' });
      void queryClient.invalidateQueries({ queryKey: SYNC_STATUS_KEY });
    },
    onSettled: () => {
      starting.current = false;
    },
  });
  if (error) return <Alert severity="error">Der Stand des Datenabgleichs konnte nicht geladen werden.</Alert>;
  if (!data) return <Loading />;
  const running = data.run?.state === 'laeuft';
  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 1100 }}>
      <Card variant="outlined" component="section" aria-label="Importordner">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Importordner
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            Der Abgleich liest den Export des ERP (Artikel, Kunden, Belege, Positionen als CSV mit Semikolon
            oder JSON Lines) aus <code>{data.folder}</code>. Ein zweiter Lauf mit denselben Dateien ändert
            nichts. Das Format beschreibt docs/import-format.md.
          </Typography>
          {data.files.length === 0 ? (
            <Alert severity="info">
              Im Importordner liegt keine Importdatei (artikel, kunden, belege oder positionen).
            </Alert>
          ) : (
            <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
              {data.files.map((file) => (
                <li key={file.file}>
                  <Typography variant="body2">
                    <strong>{file.file}</strong> ({file.label}, {kilobytes(file.size)}, Stand{' '}
                    {formatDateTime(file.modifiedAt)})
                  </Typography>
                </li>
              ))}
            </Box>
          )}
          <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              disabled={running || start.isPending || data.files.length === 0}
              onClick={() => {
                if (starting.current) return;
                starting.current = true;
                start.mutate();
              }}
            >
              {running ? 'Abgleich läuft …' : 'Abgleich starten'}
            </Button>
            <FormControlLabel
              control={<Checkbox checked={logging} onChange={(event) => setLogging(event.target.checked)} />}
              label="Ausführlich protokollieren (jede angelegte oder geänderte Zeile)"
            />
          </Stack>
        </CardContent>
      </Card>
      {data.run && (
        <Card variant="outlined" component="section" aria-label="Letzter Abgleich">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              Letzter Abgleich
            </Typography>
            <RunSummary run={data.run} />
            <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
              Protokoll
            </Typography>
            <SyncLogTable runId={data.run.id} running={running} />
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
