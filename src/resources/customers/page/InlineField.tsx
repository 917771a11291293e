import CancelIcon from '@mui/icons-material/Close';
import DoneIcon from '@mui/icons-material/Done';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Chip, IconButton, InputAdornment, TextField, Typography, useMediaQuery } from '@mui/material';
import { useState, type MouseEvent, type ReactNode } from 'react';
import type { SaveOutcome } from './useCustomerField';

// A button beside the open field keeps the cursor in it: a tap on "Abbrechen" must not first save on leaving.
const keepFocus = (event: MouseEvent) => event.preventDefault();

/**
 * A labelled value that turns into an input on click; Enter or leaving the field saves, Escape cancels. On a
 * touch screen (no Escape key) the open field has buttons to save and to cancel instead of the keys' hint.
 */
export function InlineField({
  label,
  value,
  waiting = false,
  inputKind,
  onSave,
  display,
}: {
  label: string;
  value: string | null | undefined;
  /** The value was changed offline and waits in the outbox. */
  waiting?: boolean;
  /** The phone's keyboard for the value: the dial pad (`tel`) or the one with @ (`email`). */
  inputKind?: 'tel' | 'email';
  onSave: (value: string | null) => Promise<SaveOutcome>;
  /** How the value shows when not editing (a tel: or mailto: link). */
  display?: ReactNode;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const touch = useMediaQuery('(pointer: coarse)');
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
  const cancel = () => {
    setDraft(null);
    setError(null);
  };
  if (draft !== null) {
    return (
      <TextField
        label={label}
        value={draft}
        size="small"
        autoFocus
        type={inputKind === 'tel' ? 'tel' : 'text'}
        slotProps={{
          // Read-only while saving, not disabled: a disabled field loses the cursor, and after a refused value
          // the next key went nowhere.
          htmlInput: { readOnly: saving, 'aria-busy': saving, inputMode: inputKind, enterKeyHint: 'done' },
          input: touch
            ? {
                endAdornment: (
                  <InputAdornment position="end" sx={{ mr: -1 }}>
                    <IconButton
                      aria-label={`${label} speichern`}
                      onMouseDown={keepFocus}
                      onClick={() => void finish()}
                      disabled={saving}
                    >
                      <DoneIcon />
                    </IconButton>
                    <IconButton aria-label="Abbrechen" onMouseDown={keepFocus} onClick={cancel}>
                      <CancelIcon />
                    </IconButton>
                  </InputAdornment>
                ),
              }
            : undefined,
        }}
        error={Boolean(error)}
        helperText={error ?? (touch ? undefined : 'Enter speichert, Esc bricht ab')}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={finish}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void finish();
          if (event.key === 'Escape') cancel();
        }}
        // Within its own place: on the desk the cell's width (220 px reached into the next column), on a phone
        // the whole row of the grid it stands in, with room for the buttons.
        sx={{ width: '100%', minWidth: 0, gridColumn: { xs: '1 / -1', sm: 'auto' } }}
      />
    );
  }
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography component="div" sx={{ minWidth: 0, overflowWrap: 'break-word' }}>
          {value ? (display ?? value) : '–'}
        </Typography>
        {waiting && <Chip size="small" color="info" label="wartet" />}
        <IconButton
          size="small"
          aria-label={`${label} ändern`}
          onClick={() => setDraft(value ?? '')}
          // A thumb's reach on a phone (28 px were easy to miss between two fields).
          sx={{ width: { xs: 44, sm: 'auto' }, height: { xs: 44, sm: 'auto' }, flexShrink: 0 }}
        >
          <EditIcon fontSize="inherit" />
        </IconButton>
      </Box>
    </Box>
  );
}
