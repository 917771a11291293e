import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { ExcelExportButton } from '../kit/ExcelExportButton';
import { PagedLog } from '../kit/PagedLog';
import { exportAutomationRuns, listAutomationRuns, type AutomationRun } from './automation.endpoints';
import { RUN_STATE_NAMES } from './automation.rules';

const PER_PAGE = 10;
const STATE_COLORS = {
  wartend: 'default',
  laeuft: 'info',
  fertig: 'success',
  fehler: 'error',
  uebersprungen: 'default',
} as const;

/** One run: its record, when, its state and the log line of each step. */
function RunCard({ run }: { run: AutomationRun }) {
  const when = useCompanyDateTime();
  const subject = run.vorgangNumber ?? run.customerName ?? 'Ohne Datensatz';
  const to = run.vorgangId
    ? `/crm/vorgang/${run.vorgangId}`
    : run.customerId
      ? `/crm/kunden/${run.customerId}/show`
      : null;
  return (
    <Card variant="outlined" component="li" data-testid="lauf">
      <CardContent sx={{ '&:last-child': { pb: 2 }, display: 'grid', gap: 0.5 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          {to ? (
            <Typography
              component={Link}
              to={to}
              sx={{ fontWeight: 600, color: 'primary.main', overflowWrap: 'anywhere' }}
            >
              {subject}
            </Typography>
          ) : (
            <Typography sx={{ fontWeight: 600 }}>{subject}</Typography>
          )}
          <Chip size="small" color={STATE_COLORS[run.state]} label={RUN_STATE_NAMES[run.state]} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {run.occurrence} · angelegt {when(run.createdAt)}
          {run.finishedAt ? ` · fertig ${when(run.finishedAt)}` : ''} · Fassung {run.versionNumber}
        </Typography>
        {run.error && (
          <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
            {run.error}
          </Typography>
        )}
        {run.steps.length > 0 && (
          <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
            {run.steps.map((step) => (
              <Typography key={step.step} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {step.summary}
                {step.detail ? ` (${step.detail})` : ''}
                {step.error ? `: ${step.error}` : ''}
              </Typography>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** The automation's run log, newest first, paged in the database, with its Excel export. */
export function RunLog({ automationId, name }: { automationId: number; name: string }) {
  const [page, setPage] = useState(1);
  const api = useEndpointClient();
  const runs = useEndpoint(listAutomationRuns, {
    query: { automationId, offset: (page - 1) * PER_PAGE, limit: PER_PAGE },
  });
  const safeName = name.replace(/[^\wäöüÄÖÜß-]+/g, '_').slice(0, 40);
  return (
    <Box component="section" aria-label="Lauf-Protokoll" sx={{ mt: 3 }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}
      >
        <Typography variant="h6" component="h2">
          Lauf-Protokoll
        </Typography>
        <ExcelExportButton
          fileName={`Automatisierung_${safeName}_Laeufe.xlsx`}
          download={() => api.download(exportAutomationRuns, { query: { automationId } })}
          disabled={!runs.data?.total}
        />
      </Stack>
      <PagedLog
        list={{
          isFetching: runs.isFetching,
          error: runs.error,
          data: runs.data && { data: runs.data.rows, total: runs.data.total },
        }}
        page={page}
        perPage={PER_PAGE}
        onPage={setPage}
        emptyText="Noch keine Läufe."
        label="Läufe"
        spacing={1}
      >
        {(run) => <RunCard key={run.id} run={run} />}
      </PagedLog>
    </Box>
  );
}
