import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { Link } from 'react-router-dom';
import { useEndpoint } from '../../api/useEndpoint';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { formatNumber } from '../../i18n/format';
import { AreaPage } from '../../layout/AreaPage';
import { listAutomations, type AutomationSummary } from './automation.endpoints';
import { AUTOMATION_STATE_NAMES } from './automation.rules';
import { useAutomationArea } from './automationArea';

const STATE_COLORS = { entwurf: 'default', aktiv: 'success', pausiert: 'warning' } as const;

/** One automation: name, trigger and actions in words, state, branch, last run and the runs of 30 days. */
function AutomationCard({ automation, to }: { automation: AutomationSummary; to: string }) {
  const when = useCompanyDateTime();
  return (
    <Card variant="outlined" component="li" data-testid="automatisierung">
      <CardActionArea component={Link} to={to}>
        <CardContent sx={{ display: 'grid', gap: 0.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{automation.name}</Typography>
            <Chip
              size="small"
              color={STATE_COLORS[automation.state]}
              label={AUTOMATION_STATE_NAMES[automation.state]}
            />
          </Stack>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Wenn: {automation.triggerText}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Dann: {automation.actionsText}
          </Typography>
          {automation.pausedReason && (
            <Typography variant="body2" color="warning.main">
              Pausiert: {automation.pausedReason}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {automation.branchName ?? 'Alle Filialen'} · Letzter Lauf:{' '}
            {automation.lastRunAt ? when(automation.lastRunAt) : 'noch keiner'} · 30 Tage:{' '}
            {formatNumber(automation.runsDone)} fertig
            {automation.runsFailed ? `, ${formatNumber(automation.runsFailed)} mit Fehler` : ''}
            {automation.runsWaiting ? `, ${formatNumber(automation.runsWaiting)} wartend` : ''}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** Admin → Automatisierung: the automations the caller may change (the server decides which), newest rules too. */
export default function AutomationListPage() {
  const { area, listPath } = useAutomationArea();
  const { data, isPending, error } = useEndpoint(listAutomations, {});
  return (
    <AreaPage area={area} title="Automatisierung">
      <Box sx={{ py: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
        >
          <Box>
            <Typography variant="h5" component="h1">
              Automatisierung
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Wenn ein Auslöser eintritt und die Bedingungen passen, erledigt das CRM die Aktionen.
            </Typography>
          </Box>
          <Button
            component={Link}
            to={`${listPath}/neu`}
            variant="contained"
            startIcon={<AddIcon />}
            sx={{ minHeight: 44, alignSelf: { xs: 'stretch', sm: 'center' } }}
          >
            Neue Automatisierung
          </Button>
        </Stack>
        {isPending && <LinearProgress aria-label="Wird geladen" />}
        {error && <Alert severity="error">{error.message}</Alert>}
        {data && data.length === 0 && <Alert severity="info">Noch keine Automatisierungen.</Alert>}
        <Stack
          component="ul"
          spacing={1}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
          aria-label="Automatisierungen"
        >
          {data?.map((automation) => (
            <AutomationCard key={automation.id} automation={automation} to={`${listPath}/${automation.id}`} />
          ))}
        </Stack>
      </Box>
    </AreaPage>
  );
}
