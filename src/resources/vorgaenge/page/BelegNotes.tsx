import { Box, Button, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useEndpointClient } from '../../../api/useEndpoint';
import { useIdempotencyKey } from '../../../api/useIdempotencyKey';
import { formatCompanyDateTime } from '../../../config/companyTime';
import { addNoteToBelegInteraction } from '../vorgang.endpoints';
import type { VorgangBeleg } from '../vorgangPageTypes';
import { useCompanyZone } from '../../../config/useCompanyZone';
import { useVorgangChange } from './useVorgangChange';
import { NOTE_TEXT_SX } from '../../kit/noteText';

/** A Beleg's interactions: its notes with author and time, newest first, and a field for a new one. */
export function BelegNotes({ beleg, name }: { beleg: VorgangBeleg; name: string }) {
  const api = useEndpointClient();
  const change = useVorgangChange();
  const zone = useCompanyZone();
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  // The field stays open: one key per note, a new one once it is saved.
  const { key: idempotencyKey, renew } = useIdempotencyKey();
  const save = async () => {
    setSaving(true);
    const ok = await change(
      () => api.call(addNoteToBelegInteraction, { body: { belegId: beleg.id, text }, idempotencyKey }),
      `Notiz zu ${name} gespeichert.`,
    );
    setSaving(false);
    if (ok) {
      setText('');
      renew();
    }
  };
  return (
    <Box sx={{ mt: 1, pl: { sm: 2 }, borderLeft: { sm: 3 }, borderColor: { sm: 'divider' } }}>
      <Typography variant="subtitle2">Interaktionen</Typography>
      {beleg.notes.length > 0 && (
        <List dense aria-label={`Notizen zu ${name}`} disablePadding>
          {beleg.notes.map((note) => (
            <ListItem key={note.id} disableGutters>
              <ListItemText
                primary={note.text}
                secondary={`${formatCompanyDateTime(note.createdAt, zone)}${note.author ? ` · ${note.author}` : ''}`}
                slotProps={{ primary: { sx: NOTE_TEXT_SX } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mt: 1 }}>
        <TextField
          size="small"
          multiline
          label={`Notiz zu ${name}`}
          placeholder="z. B. Angebot telefonisch besprochen"
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ flex: 1, minWidth: 220 }}
          slotProps={{ htmlInput: { maxLength: 5000 } }}
        />
        <Button variant="outlined" disabled={!text.trim() || saving} onClick={() => void save()}>
          Notiz speichern
        </Button>
      </Box>
    </Box>
  );
}
