import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useEndpoint, useEndpointMutation } from '../../api/useEndpoint';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { formatNumber } from '../../i18n/format';
import { AreaPage } from '../../layout/AreaPage';
import { PagedLog } from '../kit/PagedLog';
import { listFailedJobs, retryFailedJob, type FailedJob } from './backgroundJobs.endpoints';

const PER_PAGE = 20;

/** One failed job: what it was, about what, why it failed, when; "Erneut versuchen" (then it leaves the list). */
function FailedJobCard({ job, onRetried }: { job: FailedJob; onRetried: (job: FailedJob) => void }) {
  const when = useCompanyDateTime();
  const queryClient = useQueryClient();
  const retry = useEndpointMutation(retryFailedJob, {
    onSuccess: () => {
      onRetried(job);
      void queryClient.invalidateQueries();
    },
  });
  return (
    <Card variant="outlined" component="li" data-testid="fehlgeschlagene-aufgabe">
      <CardContent sx={{ '&:last-child': { pb: 2 }, display: 'grid', gap: 1 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={{ xs: 0.5, md: 2 }}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{job.label}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {job.about ? `${job.about} · ` : ''}fehlgeschlagen am {when(job.failedAt)}
            </Typography>
          </Box>
          <Chip
            size="small"
            color="error"
            label={`${formatNumber(job.tries)} ${job.tries === 1 ? 'Versuch' : 'Versuche'}`}
            sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
          />
        </Stack>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          Grund: {job.reason ?? 'unbekannt'}
        </Typography>
        {retry.error && <Alert severity="error">{retry.error.message}</Alert>}
        <Box>
          <Button
            size="small"
            variant="outlined"
            disabled={retry.isPending}
            onClick={() => retry.mutate({ params: { name: job.name, id: job.id } })}
            sx={{ minHeight: 44 }}
          >
            Erneut versuchen
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * Admin → Hintergrundaufgaben: the background jobs (mails of the Postausgang, bulk jobs, periodic chores) that
 * failed on their last try, newest first, paged in the database, each with its reason and "Erneut versuchen".
 */
export default function FailedJobsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('seite')) || 1);
  const { data, isPending, error } = useEndpoint(listFailedJobs, { query: { page, perPage: PER_PAGE } });
  const [retried, setRetried] = useState<FailedJob | null>(null);
  return (
    <AreaPage area="admin" title="Hintergrundaufgaben">
      <Box sx={{ py: 2 }}>
        <Typography variant="h5" component="h1">
          Fehlgeschlagene Hintergrundaufgaben
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Aufgaben, die auch nach den automatischen Wiederholungen nicht geklappt haben. Sie werden 14 Tage
          aufbewahrt.
        </Typography>
        {retried && (
          <Alert severity="success" onClose={() => setRetried(null)} sx={{ mb: 1 }}>
            {retried.label}
            {retried.about ? ` (${retried.about})` : ''}: wird erneut versucht. Schlägt es wieder fehl, steht
            die Aufgabe danach wieder hier.
          </Alert>
        )}
        <PagedLog
          list={{ isFetching: isPending, error, data: retried && data?.total === 0 ? undefined : data }}
          page={page}
          perPage={PER_PAGE}
          onPage={(next) => setParams({ seite: String(next) })}
          emptyText="Keine fehlgeschlagenen Hintergrundaufgaben."
          emptySeverity="success"
          label="Fehlgeschlagene Hintergrundaufgaben"
          spacing={1}
        >
          {(job) => <FailedJobCard key={`${job.name}/${job.id}`} job={job} onRetried={setRetried} />}
        </PagedLog>
      </Box>
    </AreaPage>
  );
}
