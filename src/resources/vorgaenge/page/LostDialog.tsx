import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useEndpoint, useEndpointClient } from '../../../api/useEndpoint';
import { getLostReasons, setLostForVorgang } from '../vorgang.endpoints';
import type { VorgangDetail } from '../vorgangPageTypes';
import { useVorgangChange } from './useVorgangChange';

/**
 * Marks the Vorgang lost with a Verlustgrund from the Stammdaten: from its page, and from the board (its drop
 * zone "Verloren" and the card's menu), which then reads itself again (`onLost`).
 */
export default function LostDialog({
  vorgang,
  onClose,
  onLost,
}: {
  vorgang: Pick<VorgangDetail, 'id' | 'version' | 'vorgangNumber'>;
  onClose: () => void;
  onLost?: () => void;
}) {
  const api = useEndpointClient();
  const change = useVorgangChange();
  const { data: reasons = [] } = useEndpoint(getLostReasons, {});
  const [reason, setReason] = useState('');
  const save = async () => {
    const ok = await change(
      () =>
        api.call(setLostForVorgang, {
          body: { vorgangId: vorgang.id, version: vorgang.version, lostReason: reason },
        }),
      `${vorgang.vorgangNumber} ist als verloren markiert (${reason}).`,
    );
    if (ok) {
      onLost?.();
      onClose();
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="lost-title">
      <DialogTitle id="lost-title">{vorgang.vorgangNumber} als verloren markieren</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          required
          label="Verlustgrund"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          helperText="Die Gründe pflegen die Admins in den Stammdaten."
          sx={{ mt: 1 }}
        >
          {reasons.map((text) => (
            <MenuItem key={text} value={text}>
              {text}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Abbrechen</Button>
        <Button variant="contained" color="error" disabled={!reason} onClick={() => void save()}>
          Als verloren markieren
        </Button>
      </DialogActions>
    </Dialog>
  );
}
