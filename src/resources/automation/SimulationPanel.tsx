import { Alert, Box, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { formatNumber } from '../../i18n/format';
import type { Simulation } from './automation.endpoints';

/**
 * What Simulieren found: which records would fire now and, per record, what each action would do (or why it
 * would be skipped). Nothing of it is written.
 */
export function SimulationPanel(props: { simulation?: Simulation; running: boolean; error: Error | null }) {
  const when = useCompanyDateTime();
  const { simulation, running, error } = props;
  return (
    <Box component="section" aria-label="Simulation" sx={{ mt: 2 }}>
      {running && <LinearProgress aria-label="Simulation läuft" />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {simulation && (
        <>
          <Alert severity={simulation.total ? 'info' : 'success'} sx={{ mb: 1 }}>
            {simulation.scope}:{' '}
            {simulation.total === 0
              ? 'kein Datensatz würde jetzt auslösen.'
              : `${formatNumber(simulation.total)} ${simulation.total === 1 ? 'Datensatz würde' : 'Datensätze würden'} jetzt auslösen${
                  simulation.total > simulation.records.length
                    ? ` (die ersten ${formatNumber(simulation.records.length)} stehen hier)`
                    : ''
                }. Es wurde nichts geändert.`}
          </Alert>
          <Stack
            component="ul"
            spacing={1}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
            aria-label="Simulierte Datensätze"
          >
            {simulation.records.map((record) => (
              <Card
                key={`${record.customerId}:${record.vorgangId}:${record.occurrence}`}
                variant="outlined"
                component="li"
              >
                <CardContent sx={{ '&:last-child': { pb: 2 }, display: 'grid', gap: 0.5 }}>
                  <Typography
                    component={Link}
                    to={
                      record.vorgangId
                        ? `/crm/vorgang/${record.vorgangId}`
                        : `/crm/kunden/${record.customerId}/show`
                    }
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere', color: 'primary.main' }}
                  >
                    {record.label}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {record.occurrence} · fällig {when(record.dueAt)}
                  </Typography>
                  <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
                    {record.steps.map((step, index) => (
                      <Typography
                        key={index}
                        component="li"
                        variant="body2"
                        sx={{ overflowWrap: 'anywhere' }}
                      >
                        {step.preview}
                        {step.detail ? ` (${step.detail})` : ''}
                        {step.skipped && <Chip size="small" label="würde übersprungen" sx={{ ml: 1 }} />}
                      </Typography>
                    ))}
                  </Box>
                </CardContent>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </Box>
  );
}
