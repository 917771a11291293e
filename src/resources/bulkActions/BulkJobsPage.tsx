import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useEndpoint, useEndpointMutation } from '../../api/useEndpoint';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { formatNumber } from '../../i18n/format';
import { AreaPage } from '../../layout/AreaPage';
import { BulkProgress } from '../kit/BulkActionDialog';
import { BulkJobReport } from '../kit/BulkJobReport';
import { PagedLog } from '../kit/PagedLog';
import { useBulkJob } from '../kit/useBulkJob';
import { type BulkJobSummary } from './bulkActionTypes';
import { listBulkJobs, undoBulkJob } from './bulkJobs.endpoints';

const PER_PAGE = 20;

/** "Rückgängig machen": asked once, then the undo job's progress and report. */
function UndoDialog({ job, onClose }: { job: BulkJobSummary; onClose: () => void }) {
  const { key } = useIdempotencyKey(true);
  const [undoId, setUndoId] = useState<number | null>(null);
  const undo = useEndpointMutation(undoBulkJob, { onSuccess: (started) => setUndoId(started.id) });
  const progress = useBulkJob(undoId).data;
  const running = undo.isPending || (undoId !== null && progress?.state !== 'fertig');
  return (
    <Dialog open onClose={running ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>Sammelaktion {job.id} rückgängig machen</DialogTitle>
      <DialogContent>
        {undoId === null ? (
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <Typography>
              {job.action} · {job.selection}
            </Typography>
            <Typography>
              {formatNumber(job.changed)} {job.changed === 1 ? 'Datensatz wird' : 'Datensätze werden'} auf den
              Wert davor zurückgesetzt, soweit sie noch den Wert der Sammelaktion haben. Die übrigen stehen
              danach im Bericht. Jede Rücksetzung steht im Änderungsverlauf.
            </Typography>
            {undo.error && <Alert severity="error">{undo.error.message}</Alert>}
          </Box>
        ) : (
          <BulkProgress job={progress} />
        )}
      </DialogContent>
      <DialogActions>
        {undoId === null ? (
          <>
            <Button onClick={onClose}>Abbrechen</Button>
            <Button
              variant="contained"
              color="warning"
              disabled={undo.isPending}
              onClick={() => undo.mutate({ params: { id: job.id }, idempotencyKey: key })}
            >
              Jetzt rückgängig machen
            </Button>
          </>
        ) : (
          <Button variant="contained" disabled={running} onClick={onClose}>
            Schließen
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** One job: who started it when, what it did to which selection, its counts; its report and undo on demand. */
function JobCard({ job, onUndo }: { job: BulkJobSummary; onUndo: () => void }) {
  const when = useCompanyDateTime();
  const [open, setOpen] = useState(false);
  return (
    <Card variant="outlined" component="li" data-testid="sammelaktion">
      <CardContent sx={{ '&:last-child': { pb: 2 }, display: 'grid', gap: 1 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={{ xs: 0.5, md: 2 }}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {job.undoesJobId !== null ? `Rückgängig: Sammelaktion ${job.undoesJobId}` : job.action}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Nr. {job.id} · {when(job.createdAt)} · {job.startedBy} · {job.selection}
            </Typography>
          </Box>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
            {job.state === 'laeuft' && <Chip size="small" color="info" label="Läuft" />}
            <Chip size="small" label={`${formatNumber(job.total)} gewählt`} variant="outlined" />
            <Chip size="small" color="success" label={`${formatNumber(job.changed)} geändert`} />
            {job.unchanged > 0 && (
              <Chip size="small" variant="outlined" label={`${formatNumber(job.unchanged)} schon so`} />
            )}
            {job.refused > 0 && (
              <Chip size="small" color="error" label={`${formatNumber(job.refused)} abgelehnt`} />
            )}
            {job.undoneByJobId !== null && (
              <Chip size="small" color="warning" label={`rückgängig gemacht (Nr. ${job.undoneByJobId})`} />
            )}
          </Stack>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            size="small"
            onClick={() => setOpen((now) => !now)}
            aria-expanded={open}
            sx={{ minHeight: 36 }}
          >
            {open ? 'Bericht ausblenden' : 'Bericht anzeigen'}
          </Button>
          {job.undoable && (
            <Button size="small" variant="outlined" color="warning" onClick={onUndo} sx={{ minHeight: 36 }}>
              Rückgängig machen
            </Button>
          )}
        </Stack>
        <Collapse in={open} unmountOnExit>
          <BulkJobReport jobId={job.id} refusedCount={job.refused} finished={job.state === 'fertig'} />
        </Collapse>
      </CardContent>
    </Card>
  );
}

/**
 * Admin → Sammelaktionen: every person's bulk jobs, newest first, paged in the database: who started which
 * action on which selection when, how many were changed or refused, the report of each record, and
 * "Rückgängig machen" for a finished one.
 */
export default function BulkJobsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('seite')) || 1);
  const queryClient = useQueryClient();
  const { data, isPending, error } = useEndpoint(
    listBulkJobs,
    { query: { page, perPage: PER_PAGE } },
    {
      refetchInterval: (query) =>
        query.state.data?.data.some((job) => job.state === 'laeuft') ? 2_000 : false,
    },
  );
  const [undoing, setUndoing] = useState<BulkJobSummary | null>(null);
  return (
    <AreaPage area="admin" title="Sammelaktionen">
      <Box sx={{ py: 2 }}>
        <Typography variant="h5" component="h1">
          Sammelaktionen
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Wer wann was an welcher Auswahl geändert hat; ein fertiger Lauf lässt sich rückgängig machen.
          Sammelaktionen werden 30 Tage aufbewahrt, ihre Änderungen stehen im Änderungsverlauf.
        </Typography>
        <PagedLog
          list={{ isFetching: isPending, error, data }}
          page={page}
          perPage={PER_PAGE}
          onPage={(next) => setParams({ seite: String(next) })}
          emptyText="Es gibt noch keine Sammelaktionen."
          label="Sammelaktionen"
          spacing={1}
        >
          {(job) => <JobCard key={job.id} job={job} onUndo={() => setUndoing(job)} />}
        </PagedLog>
      </Box>
      {undoing && (
        <UndoDialog
          job={undoing}
          onClose={() => {
            setUndoing(null);
            void queryClient.invalidateQueries();
          }}
        />
      )}
    </AreaPage>
  );
}
