import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import type { Visibility } from './savedViews.endpoints';

export interface SaveViewInput {
  name: string;
  visibility: Visibility;
  branchId?: number;
  makeDefault: boolean;
}

interface Props {
  title: string;
  initial: SaveViewInput;
  mayShare: boolean;
  branches: { id: number; name: string }[];
  onCancel: () => void;
  onSave: (values: SaveViewInput) => Promise<void>;
}

/** Name, who sees it (sharing only for the sales management and the administration), default. */
export function SaveViewDialog({ title, initial, mayShare, branches, onCancel, onSave }: Props) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [values, setValues] = useState<SaveViewInput>({
    ...initial,
    branchId: initial.branchId ?? branches[0]?.id,
  });
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);
  const nameError = tried && !values.name.trim() ? 'Bitte geben Sie einen Namen ein.' : undefined;
  const submit = async () => {
    setTried(true);
    if (!values.name.trim()) return;
    setSaving(true);
    try {
      await onSave({ ...values, name: values.name.trim() });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onCancel}
      fullWidth
      maxWidth="xs"
      fullScreen={phone}
      aria-labelledby="ansicht-titel"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="ansicht-titel">{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <TextField
            autoFocus
            label="Name der Ansicht"
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.target.value })}
            error={Boolean(nameError)}
            helperText={nameError}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          {mayShare && (
            <FormControl>
              <FormLabel id="ansicht-sichtbar">Wer sieht die Ansicht?</FormLabel>
              <RadioGroup
                aria-labelledby="ansicht-sichtbar"
                value={values.visibility}
                onChange={(event) => setValues({ ...values, visibility: event.target.value as Visibility })}
              >
                <FormControlLabel value="personal" control={<Radio />} label="Nur ich" />
                <FormControlLabel
                  value="branch"
                  control={<Radio />}
                  label="Meine Filiale"
                  disabled={branches.length === 0}
                />
                <FormControlLabel value="all" control={<Radio />} label="Alle" />
              </RadioGroup>
            </FormControl>
          )}
          {mayShare && values.visibility === 'branch' && branches.length > 1 && (
            <TextField
              select
              label="Filiale"
              value={values.branchId ?? ''}
              onChange={(event) => setValues({ ...values, branchId: Number(event.target.value) })}
            >
              {branches.map((branch) => (
                <MenuItem key={branch.id} value={branch.id}>
                  {branch.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <FormControlLabel
            control={
              <Checkbox
                checked={values.makeDefault}
                onChange={(event) => setValues({ ...values, makeDefault: event.target.checked })}
              />
            }
            label="Beim Öffnen der Liste verwenden"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Abbrechen</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            Speichern
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
