import { Alert, Box, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useEndpoint } from '../../api/useEndpoint';
import { useDebounced } from '../generic/useDebounced';
import { PLACEHOLDERS } from './placeholders.rules';
import { previewTextTemplate } from './textTemplates.endpoints';

type TextSource = 'subject' | 'body';
const isTextSource = (name: string): name is TextSource => name === 'subject' || name === 'body';

/** Where a placeholder goes: the field last written in and its cursor (or selection), kept when it lost focus. */
interface Cursor {
  source: TextSource;
  start: number;
  end: number;
}

/**
 * The cursor of Betreff and Text as it was when the field lost focus (a click on a chip takes the focus, but the
 * cursor is where the writer wants the placeholder); null until one of them had focus.
 */
function useLastCursor(anchor: React.RefObject<HTMLElement | null>) {
  const cursorRef = useRef<Cursor | null>(null);
  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (!form) return;
    const remember = (event: FocusEvent) => {
      const field = event.target;
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
      if (!isTextSource(field.name)) return;
      const end = field.value.length;
      cursorRef.current = {
        source: field.name,
        start: field.selectionStart ?? end,
        end: field.selectionEnd ?? end,
      };
    };
    form.addEventListener('focusout', remember);
    return () => form.removeEventListener('focusout', remember);
  }, [anchor]);
  return cursorRef;
}

/** Placeholders to insert with a click, and the template filled with a real customer while it is typed. */
export function TemplatePreview() {
  const { setValue, getValues } = useFormContext();
  const anchor = useRef<HTMLDivElement>(null);
  const cursorRef = useLastCursor(anchor);
  const subject = (useWatch({ name: 'subject' }) as string | undefined) ?? '';
  const body = (useWatch({ name: 'body' }) as string | undefined) ?? '';
  const purpose = useWatch({ name: 'purpose' }) === 'werbung' ? 'werbung' : 'service';
  const [customerQuery, setCustomerQuery] = useState('');
  // Memoised: a new object each render would restart the debounce timer for ever.
  const typed = useMemo(
    () => ({ subject, body, customerQuery, purpose }) as const,
    [subject, body, customerQuery, purpose],
  );
  const input = useDebounced(typed);
  const { data, error } = useEndpoint(
    previewTextTemplate,
    { body: input },
    { enabled: input.subject !== '' || input.body !== '', placeholderData: keepPreviousData },
  );
  // At the cursor of Betreff or Text (replacing a selection); before any was used, at the end of the Text.
  const insert = (name: string) => {
    const source = cursorRef.current?.source ?? 'body';
    const current = (getValues(source) as string | undefined) ?? '';
    const start = Math.min(cursorRef.current?.start ?? current.length, current.length);
    const end = Math.min(Math.max(cursorRef.current?.end ?? start, start), current.length);
    const placeholder = `{{${name}}}`;
    setValue(source, current.slice(0, start) + placeholder + current.slice(end), {
      shouldDirty: true,
      shouldValidate: true,
    });
    const after = start + placeholder.length;
    cursorRef.current = { source, start: after, end: after };
    // Back into the field with the cursor behind the placeholder, once the new value is drawn.
    requestAnimationFrame(() => {
      const field = anchor.current?.closest('form')?.elements.namedItem(source);
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
      field.focus();
      field.setSelectionRange(after, after);
    });
  };

  return (
    <Box ref={anchor} sx={{ width: '100%', mb: 2 }}>
      <Typography variant="subtitle2" gutterBottom>
        Platzhalter (ein Klick fügt ihn im Betreff oder Text an der Cursorposition ein)
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mb: 2 }}>
        {PLACEHOLDERS.map((p) => (
          <Chip
            key={p.name}
            size="small"
            label={`{{${p.name}}}`}
            title={p.description}
            onClick={() => insert(p.name)}
          />
        ))}
      </Stack>
      <Box component="section" aria-label="Vorschau" aria-live="polite">
        <Typography variant="subtitle2" gutterBottom>
          Vorschau
        </Typography>
        <TextField
          label="Kunde für die Vorschau"
          helperText="Name, Kundennummer oder Ort; leer: der zuletzt aktive Kunde"
          value={customerQuery}
          onChange={(event) => setCustomerQuery(event.target.value)}
          size="small"
          sx={{ mb: 1.5, width: 360, maxWidth: '100%' }}
        />
        {error && <Alert severity="error">Die Vorschau ist gerade nicht möglich.</Alert>}
        {data && !data.customer && <Alert severity="info">Kein Kunde passt zu dieser Suche.</Alert>}
        {data && data.unknown.length > 0 && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            Unbekannte Platzhalter: {data.unknown.join(', ')}
          </Alert>
        )}
        {data?.customer && (
          <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              Mit Kunde {data.customer.name}
              {data.customer.number ? ` (${data.customer.number})` : ''}
            </Typography>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
              {data.subject}
            </Typography>
            <Typography component="div" sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>
              {data.body}
            </Typography>
          </Paper>
        )}
      </Box>
    </Box>
  );
}
