import AttachFileIcon from '@mui/icons-material/AttachFile';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useUnsavedChangesGuard } from '../../layout/useUnsavedChangesGuard';
import { HttpError, useNotify, type RaRecord } from 'react-admin';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { useDraftErrors } from '../generic/useDraftErrors';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { getTextTemplatesForUser } from '../textTemplates/textTemplates.endpoints';
import { getVorgaengeForCustomer } from '../customers/customers.endpoints';
import { prepareMailToCustomer, sendMailToCustomer } from './mail.endpoints';
import { SaveAddressHint } from './SaveAddressHint';
import { timelineKey } from '../customers/timeline/timelineTypes';
import { vorgaengeKey } from '../customers/vorgaenge/vorgangTypes';

interface Draft {
  to: string;
  subject: string;
  body: string;
}

/** A file the server makes and attaches when sending (the simplified offer of an Angebot). */
export interface MailAttachment {
  simplifiedOfferBelegId: number;
  fileName: string;
}

/** E-mail to the customer: pick a template (placeholders filled from customer, Vorgang and you), edit, send. */
export default function MailDialog({
  customer,
  onClose,
  onSent,
  vorgang,
  attachment,
}: {
  customer: RaRecord;
  onClose: () => void;
  onSent: () => void;
  /** The Vorgang chosen at the start (e.g. the one of the attached offer). */
  vorgang?: number;
  attachment?: MailAttachment;
}) {
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [templateId, setTemplateId] = useState<number | ''>('');
  const [vorgangId, setVorgangId] = useState<number | ''>(vorgang ?? '');
  const [savedEmail, setSavedEmail] = useState(String(customer.email ?? ''));
  // An error belongs to the value that was sent (useDraftErrors); the dialog's message goes with the last failed send.
  const {
    draft,
    change: changeDraft,
    errors,
    setErrors,
  } = useDraftErrors<Draft>({
    to: savedEmail,
    subject: '',
    body: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // With an attached offer: the customer gets a personal link to accept it online.
  const [onlineOffer, setOnlineOffer] = useState(false);
  // Something typed or filled from a template that was not sent yet.
  const guard = useUnsavedChangesGuard(Boolean(draft.subject || draft.body || draft.to !== savedEmail));
  const close = () => guard.confirmDiscard() && onClose();
  // One key per opening of the dialog: the same mail sent twice leaves once.
  const { key: idempotencyKey } = useIdempotencyKey();
  const { data: templates = [] } = useEndpoint(getTextTemplatesForUser, {});
  const { data: vorgaenge = [] } = useQuery({
    queryKey: vorgaengeKey(customer.id),
    queryFn: () => api.call(getVorgaengeForCustomer, { params: { id: Number(customer.id) } }),
  });

  // Werbung goes only to a customer who consented; the server refuses it otherwise, the list says so first.
  const consented = Boolean(customer.newsletterConsent);
  const chosen = templates.find((template) => template.id === templateId);
  const prepare = async (template: number | '', vorgang: number | '') => {
    setTemplateId(template);
    setVorgangId(vorgang);
    if (template === '') return;
    try {
      const filled = await api.call(prepareMailToCustomer, {
        body: { customerId: Number(customer.id), templateId: template, vorgangId: vorgang || null },
      });
      changeDraft({ subject: filled.subject, body: filled.body, ...(filled.to ? { to: filled.to } : {}) });
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  const send = async () => {
    setSending(true);
    setProblem(null);
    try {
      await api.call(sendMailToCustomer, {
        body: {
          customerId: Number(customer.id),
          vorgangId: vorgangId || null,
          templateId: templateId || null,
          ...draft,
          simplifiedOfferBelegId: attachment?.simplifiedOfferBelegId ?? null,
          onlineOffer: Boolean(attachment) && onlineOffer,
        },
        idempotencyKey,
      });
      notify(`E-Mail an ${draft.to} wird gesendet (Postausgang).`, { type: 'info' });
      guard.saved();
      onSent();
      onClose();
    } catch (error) {
      setErrors(
        error instanceof HttpError ? ((error.body as { errors?: Record<string, string> })?.errors ?? {}) : {},
      );
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
      await queryClient.invalidateQueries({ queryKey: timelineKey(customer.id) });
    }
  };
  const edit = (field: keyof Draft) => ({
    value: draft[field],
    error: Boolean(errors[field]),
    helperText: errors[field],
    onChange: (event: { target: { value: string } }) => changeDraft({ [field]: event.target.value }),
  });
  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby="mail-dialog-title">
      <DialogTitle id="mail-dialog-title">E-Mail an {String(customer.displayName)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Vorlage"
              value={templateId}
              onChange={(event) => void prepare(Number(event.target.value) || '', vorgangId)}
              sx={{ flex: 1 }}
            >
              <MenuItem value="">Ohne Vorlage</MenuItem>
              {templates.map((template) => (
                <MenuItem
                  key={template.id}
                  value={template.id}
                  disabled={template.purpose === 'werbung' && !consented}
                >
                  {template.name}
                  {template.purpose === 'werbung' &&
                    (consented ? ' · Werbung' : ' · Werbung (keine Einwilligung des Kunden)')}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Vorgang"
              value={vorgangId}
              onChange={(event) => void prepare(templateId, Number(event.target.value) || '')}
              sx={{ flex: 1 }}
            >
              <MenuItem value="">Neuester Vorgang</MenuItem>
              {vorgaenge.map((vorgang) => (
                <MenuItem key={vorgang.id} value={vorgang.id}>
                  {vorgang.vorgangNumber} {vorgang.title}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <TextField label="An" type="email" {...edit('to')} />
          <SaveAddressHint
            customerId={customer.id}
            savedEmail={savedEmail}
            address={draft.to}
            onSaved={(email) => {
              setSavedEmail(email);
              // The send's "nicht hinterlegt" is answered now.
              setErrors(({ to: _answered, ...rest }) => rest);
            }}
          />
          <TextField label="Betreff" {...edit('subject')} />
          <TextField label="Text" multiline minRows={10} {...edit('body')} />
          {chosen?.purpose === 'werbung' && (
            <Typography variant="body2" color="text.secondary">
              Werbung: Beim Senden ersetzt der persönliche Abmeldelink des Kunden den Platzhalter
              „[persönlicher Abmeldelink]“; fehlt er, wird er unten angefügt.
            </Typography>
          )}
          {attachment && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">Anhang:</Typography>
              <Chip icon={<AttachFileIcon />} label={attachment.fileName} size="small" />
            </Stack>
          )}
          {attachment && (
            <div>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={onlineOffer}
                    onChange={(event) => setOnlineOffer(event.target.checked)}
                  />
                }
                label="Online-Annahme ermöglichen"
              />
              <Typography variant="body2" color="text.secondary">
                Der Kunde bekommt einen persönlichen Link (unten angefügt oder an der Stelle „[persönlicher
                Angebots-Link]“): Angebot ansehen, Rückfrage stellen, ablehnen oder mit einem Code aus einer
                zweiten E-Mail annehmen. Sie sehen im Vorgang, wann er es geöffnet hat.
              </Typography>
            </div>
          )}
          {errors.simplifiedOfferBelegId && <Alert severity="error">{errors.simplifiedOfferBelegId}</Alert>}
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Abbrechen</Button>
        <Button variant="contained" onClick={send} disabled={sending}>
          {sending ? 'Wird gesendet …' : 'Senden'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
