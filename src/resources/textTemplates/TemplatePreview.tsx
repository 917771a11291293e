import { Alert, Box, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useEndpoint } from '../../api/useEndpoint';
import { useDebounced } from '../generic/useDebounced';
import { PLACEHOLDERS } from './placeholders.rules';
import { previewTextTemplate } from './textTemplates.endpoints';

/** Placeholders to insert with a click, and the template filled with a real customer while it is typed. */
export function TemplatePreview() {
  const { setValue, getValues } = useFormContext();
  const subject = (useWatch({ name: 'subject' }) as string | undefined) ?? '';
  const body = (useWatch({ name: 'body' }) as string | undefined) ?? '';
  const [customerQuery, setCustomerQuery] = useState('');
  // Memoised: a new object each render would restart the debounce timer for ever.
  const typed = useMemo(() => ({ subject, body, customerQuery }), [subject, body, customerQuery]);
  const input = useDebounced(typed);
  const { data, error } = useEndpoint(
    previewTextTemplate,
    { body: input },
    { enabled: input.subject !== '' || input.body !== '', placeholderData: keepPreviousData },
  );
  const insert = (name: string) => {
    const current = (getValues('body') as string | undefined) ?? '';
    setValue('body', `${current}{{${name}}}`, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Typography variant="subtitle2" gutterBottom>
        Platzhalter (Klick fügt ihn am Ende des Textes ein)
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
