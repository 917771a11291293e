import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { endpointKey } from '../../api/endpoint';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { getLostReasons, getVorgang, setLostForVorgang } from '../vorgaenge/vorgang.endpoints';

/**
 * A declined online offer: the customer's reason, and the Vorgang closed as Verloren with a Verlustgrund of the
 * Stammdaten the seller picks (the customer's free text is shown beside it, not stored as one).
 */
export function DeclinedAsLost({ vorgangId, reason }: { vorgangId: number; reason: string | null }) {
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { data: vorgang } = useEndpoint(getVorgang, { params: { id: vorgangId } });
  const { data: reasons = [] } = useEndpoint(getLostReasons, {});
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lost = vorgang?.systemStatus === 'verloren';
  const save = async () => {
    if (!vorgang || !chosen) return;
    setBusy(true);
    setProblem(null);
    try {
      await api.call(setLostForVorgang, {
        body: { vorgangId, version: vorgang.version, lostReason: chosen },
      });
      notify('Der Vorgang ist als verloren markiert.', { type: 'info' });
      await queryClient.invalidateQueries({ queryKey: [...endpointKey(getVorgang)] });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert severity="warning">
      Abgelehnt{reason ? ` – Grund des Kunden: „${reason}“` : ' (ohne Grund)'}.
      {lost ? (
        ` Der Vorgang ist verloren (${vorgang?.lostReason ?? ''}).`
      ) : (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mt: 1, alignItems: { sm: 'center' } }}
        >
          <TextField
            select
            size="small"
            label="Verlustgrund"
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            sx={{ minWidth: 220 }}
            error={Boolean(problem)}
            helperText={problem}
          >
            {reasons.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" onClick={() => void save()} disabled={busy || !chosen || !vorgang}>
            Als verloren markieren
          </Button>
        </Stack>
      )}
    </Alert>
  );
}
