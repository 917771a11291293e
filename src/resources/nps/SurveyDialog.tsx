import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { HttpError } from 'react-admin';
import type { ResultOf } from '../../api/endpoint';
import { useEndpointClient } from '../../api/useEndpoint';
import { formatDate } from '../../i18n/format';
import { CustomerPicker, type CustomerOption } from './CustomerPicker';
import { prepareNpsSurvey, sendNpsSurvey, SURVEY_LINK_PLACEHOLDER } from './survey.endpoints';

interface Draft {
  to: string;
  subject: string;
  body: string;
}

const fieldErrorsOf = (error: unknown) =>
  error instanceof HttpError ? ((error.body as { errors?: Record<string, string> })?.errors ?? {}) : {};

/**
 * Sends a customer the survey mail after an order: a text template with {{Umfrage-Link}} is filled for the
 * customer and Vorgang; on sending, the server makes the personal single-use link and puts it in.
 */
export function SurveyDialog({ onClose }: { onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const api = useEndpointClient();
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const [vorgangId, setVorgangId] = useState<number | ''>('');
  const [templateId, setTemplateId] = useState<number | ''>('');
  const [templates, setTemplates] = useState<{ id: number; name: string }[]>([]);
  const [draft, setDraft] = useState<Draft>({ to: '', subject: '', body: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<ResultOf<typeof sendNpsSurvey> | null>(null);

  const prepare = async (next: {
    customer: CustomerOption | null;
    vorgangId: number | '';
    templateId: number | '';
  }) => {
    setCustomer(next.customer);
    setVorgangId(next.vorgangId);
    setTemplateId(next.templateId);
    setErrors({});
    setProblem(null);
    if (!next.customer) return;
    try {
      const filled = await api.call(prepareNpsSurvey, {
        body: {
          customerId: next.customer.id,
          vorgangId: next.vorgangId || null,
          templateId: next.templateId || null,
        },
      });
      setTemplates(filled.templates);
      setTemplateId(filled.templateId ?? '');
      setDraft({ to: filled.to ?? '', subject: filled.subject, body: filled.body });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setProblem(error instanceof Error ? error.message : 'Der Entwurf konnte nicht geladen werden.');
    }
  };

  const send = async () => {
    if (!customer) {
      setErrors({ customerId: 'Bitte wählen Sie einen Kunden.' });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const result = await api.call(sendNpsSurvey, {
        body: {
          customerId: customer.id,
          vorgangId: vorgangId || null,
          templateId: templateId || null,
          ...draft,
        },
      });
      setSent(result);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setProblem(error instanceof Error ? error.message : 'Die Umfrage konnte nicht gesendet werden.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      aria-labelledby="survey-dialog-title"
    >
      <DialogTitle id="survey-dialog-title">NPS-Umfrage senden</DialogTitle>
      <DialogContent>
        {sent ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="success">
              Die Umfrage wird an {draft.to} gesendet (Postausgang). Der Link gilt für eine Antwort bis{' '}
              {formatDate(sent.expiresOn)}.
            </Alert>
            <Typography variant="body2">
              Falls die E-Mail nicht ankommt, können Sie dem Kunden diesen persönlichen Link auch anders
              schicken:
            </Typography>
            <TextField
              label="Persönlicher Umfrage-Link"
              value={sent.surveyUrl}
              slotProps={{ htmlInput: { readOnly: true } }}
              onFocus={(event) => event.target.select()}
            />
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && <Alert severity="error">{problem}</Alert>}
            <CustomerPicker
              value={customer}
              onChange={(next) => void prepare({ customer: next, vorgangId: '', templateId })}
              error={errors.customerId}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label="Auftrag / Vorgang"
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                value={vorgangId}
                onChange={(event) =>
                  void prepare({
                    customer,
                    vorgangId: event.target.value === '' ? '' : Number(event.target.value),
                    templateId,
                  })
                }
                disabled={!customer?.vorgaenge.length}
                error={Boolean(errors.vorgangId)}
                helperText={errors.vorgangId}
                sx={{ flex: 1 }}
              >
                <MenuItem value="">Kein bestimmter Vorgang</MenuItem>
                {customer?.vorgaenge.map((vorgang) => (
                  <MenuItem key={vorgang.id} value={vorgang.id}>
                    {vorgang.number} · {vorgang.title}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label="Textvorlage"
                value={templateId}
                onChange={(event) =>
                  void prepare({
                    customer,
                    vorgangId,
                    templateId: event.target.value === '' ? '' : Number(event.target.value),
                  })
                }
                disabled={!customer}
                error={Boolean(errors.templateId)}
                helperText={
                  errors.templateId ??
                  (customer && templates.length === 0
                    ? `Keine Vorlage mit ${SURVEY_LINK_PLACEHOLDER} (Admin-Verkauf → Textvorlagen)`
                    : undefined)
                }
                sx={{ flex: 1 }}
              >
                {templates.map((template) => (
                  <MenuItem key={template.id} value={template.id}>
                    {template.name}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <TextField
              label="An"
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              error={Boolean(errors.to)}
              helperText={
                errors.to ??
                (customer && !draft.to ? 'Für diesen Kunden ist keine E-Mail-Adresse hinterlegt.' : undefined)
              }
              disabled={!customer}
            />
            <TextField
              label="Betreff"
              value={draft.subject}
              onChange={(event) => setDraft({ ...draft, subject: event.target.value })}
              error={Boolean(errors.subject)}
              helperText={errors.subject}
              disabled={!customer}
            />
            <TextField
              label="Text"
              value={draft.body}
              onChange={(event) => setDraft({ ...draft, body: event.target.value })}
              multiline
              minRows={8}
              error={Boolean(errors.body)}
              helperText={
                errors.body ??
                `${SURVEY_LINK_PLACEHOLDER} wird beim Senden durch den persönlichen Link ersetzt.`
              }
              disabled={!customer}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{sent ? 'Schließen' : 'Abbrechen'}</Button>
        {!sent && (
          <Button variant="contained" onClick={() => void send()} disabled={busy || !customer}>
            {busy ? 'Wird gesendet …' : 'Umfrage senden'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
