import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { itemNameProblem } from './downloadNames.rules';

/**
 * Asks for a folder or file name (new folder, rename); checks it as the server does, shows the server's word.
 * Give it a new `key` for each use: it starts from `initial`.
 */
export function NameDialog({
  open,
  title,
  initial,
  submitLabel,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initial: string;
  submitLabel: string;
  /** Saves the name; answers the server's German reason when it refuses. */
  onSubmit: (name: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = itemNameProblem(name);
    if (local) return setProblem(local);
    setBusy(true);
    const refused = await onSubmit(name.trim());
    setBusy(false);
    if (refused) setProblem(refused);
    else onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(problem)}
            helperText={problem ?? ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Abbrechen</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
