import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Chip, IconButton, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import type { SaveOutcome } from './useCustomerField';

/** A labelled value that turns into an input on click; Enter or leaving the field saves, Escape cancels. */
export function InlineField({
  label,
  value,
  waiting = false,
  onSave,
  display,
}: {
  label: string;
  value: string | null | undefined;
  /** The value was changed offline and waits in the outbox. */
  waiting?: boolean;
  onSave: (value: string | null) => Promise<SaveOutcome>;
  /** How the value shows when not editing (a tel: or mailto: link). */
  display?: ReactNode;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const finish = async () => {
    if (draft === null || saving) return;
    if (draft.trim() === (value ?? '')) {
      setDraft(null);
      return;
    }
    setSaving(true);
    const outcome = await onSave(draft.trim() || null);
    setSaving(false);
    if (outcome.ok || outcome.conflict) {
      setDraft(null);
      setError(null);
    } else setError(outcome.message);
  };
  if (draft !== null) {
    return (
      <TextField
        label={label}
        value={draft}
        size="small"
        autoFocus
        // Read-only while saving, not disabled: a disabled field loses the cursor, and after a refused value
        // the next key went nowhere.
        slotProps={{ htmlInput: { readOnly: saving, 'aria-busy': saving } }}
        error={Boolean(error)}
        helperText={error ?? 'Enter speichert, Esc bricht ab'}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={finish}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void finish();
          if (event.key === 'Escape') {
            setDraft(null);
            setError(null);
          }
        }}
        sx={{ minWidth: 220 }}
      />
    );
  }
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography component="div" sx={{ wordBreak: 'break-word' }}>
          {value ? (display ?? value) : '–'}
        </Typography>
        {waiting && <Chip size="small" color="info" label="wartet" />}
        <IconButton
          size="small"
          aria-label={`${label} ändern`}
          onClick={() => setDraft(value ?? '')}
          // A thumb's reach on a phone (28 px were easy to miss between two fields).
          sx={{ width: { xs: 44, sm: 'auto' }, height: { xs: 44, sm: 'auto' } }}
        >
          <EditIcon fontSize="inherit" />
        </IconButton>
      </Box>
    </Box>
  );
}
