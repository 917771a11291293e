import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, useNotify } from 'react-admin';
import { endpointKey } from '../../api/endpoint';
import { AreaPage } from '../../layout/AreaPage';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import {
  getLegalTexts,
  LEGAL_TEXT_KINDS,
  saveLegalText,
  type LegalText,
  type LegalTextKind,
} from './offerOnline.endpoints';

const SAMPLE = 'Muster – vor Verwendung rechtlich prüfen lassen';

function LegalTextCard({ text }: { text: LegalText }) {
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const dateTime = useCompanyDateTime();
  const [body, setBody] = useState(text.body);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await api.call(saveLegalText, { body: { kind: text.kind, body, basedOn: text.id } });
      notify('Neue Fassung gespeichert.', { type: 'info' });
      await queryClient.invalidateQueries({ queryKey: [...endpointKey(getLegalTexts)] });
    } catch (failure) {
      const fields =
        failure instanceof HttpError ? (failure.body as { errors?: Record<string, string> }) : {};
      setError(fields?.errors?.body ?? (failure instanceof Error ? failure.message : String(failure)));
    } finally {
      setSaving(false);
    }
  };
  const title = LEGAL_TEXT_KINDS[text.kind as LegalTextKind];
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Fassung Nr. {text.id} vom {dateTime(text.createdAt)} ({text.createdBy})
        </Typography>
        {text.body.includes(SAMPLE) && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {SAMPLE}: Dies ist ein mitgelieferter Mustertext.
          </Alert>
        )}
        <TextField
          label={title}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          multiline
          minRows={6}
          maxRows={20}
          fullWidth
          error={Boolean(error)}
          helperText={error}
        />
        <Button
          variant="contained"
          sx={{ mt: 1 }}
          onClick={() => void save()}
          disabled={saving || body === text.body}
        >
          Als neue Fassung speichern
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Admin → Rechtstexte: AGB, Widerrufsbelehrung and Muster-Widerrufsformular of the online offer. Each save is a
 * new version; an acceptance keeps the version it showed.
 */
export default function LegalTextsPage() {
  const { data } = useEndpoint(getLegalTexts, {});
  return (
    <AreaPage area="admin" title="Rechtstexte">
      <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
        <Typography variant="body2">
          Diese Texte zeigt die Seite, auf der Kunden ein Angebot online ansehen und annehmen.
          Widerrufsbelehrung und Formular sehen nur Privatkunden. Frühere Fassungen bleiben für die Annahmen
          erhalten, die sie gezeigt haben.
        </Typography>
        {data?.texts.map((text) => (
          <LegalTextCard key={`${text.id}`} text={text} />
        ))}
      </Stack>
    </AreaPage>
  );
}
