import { Button, Chip, Stack, Typography } from '@mui/material';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import type { AutomationDetail } from './automation.endpoints';
import { AUTOMATION_STATE_NAMES } from './automation.rules';

const STATE_COLORS = { entwurf: 'default', aktiv: 'success', pausiert: 'warning' } as const;

/** The saved automation's state with "Aktivieren" or "Pausieren", and who changed it last. */
export function AutomationStateBar(props: {
  automation: AutomationDetail;
  busy: boolean;
  dirty: boolean;
  onState: (state: 'aktiv' | 'pausiert') => void;
}) {
  const when = useCompanyDateTime();
  const { automation, busy, dirty, onState } = props;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip color={STATE_COLORS[automation.state]} label={AUTOMATION_STATE_NAMES[automation.state]} />
        <Typography variant="body2" color="text.secondary">
          Fassung {automation.versionNumber} · geändert {when(automation.updatedAt)}
          {automation.updatedBy ? ` von ${automation.updatedBy}` : ''}
        </Typography>
      </Stack>
      {automation.state === 'aktiv' ? (
        <Button
          variant="outlined"
          color="warning"
          disabled={busy}
          onClick={() => onState('pausiert')}
          sx={{ minHeight: 44 }}
        >
          Pausieren
        </Button>
      ) : (
        <Button
          variant="contained"
          color="success"
          disabled={busy || dirty}
          title={dirty ? 'Bitte speichern Sie zuerst Ihre Änderungen.' : undefined}
          onClick={() => onState('aktiv')}
          sx={{ minHeight: 44 }}
        >
          Aktivieren
        </Button>
      )}
    </Stack>
  );
}
