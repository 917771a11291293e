import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, useNotify, type RaRecord } from 'react-admin';
import { endpointKey } from '../../../api/endpoint';
import { useEndpoint, useEndpointMutation } from '../../../api/useEndpoint';
import { useIdempotencyKey } from '../../../api/useIdempotencyKey';
import { companyToday } from '../../../config/companyTime';
import { useCompanyDateTime, useCompanyZone } from '../../../config/useCompanyZone';
import { DayPicker } from '../../../i18n/DayPicker';
import { getCustomerConsent, recordConsent, type ConsentEntry } from '../../consent/consent.endpoints';
import { CONSENT_NOTE_MAX, CONSENT_SOURCES, type ConsentSource } from '../../consent/consent.rules';
import { consentWhen } from './ConsentField';

const PERSON_SOURCES = CONSENT_SOURCES.filter((source) => source.byPerson);

interface Draft {
  granted: boolean;
  source: ConsentSource | '';
  givenOn: string | null;
  note: string;
}

/** One record of the history: granted or withdrawn, when and how, who recorded it, its note and mail. */
function HistoryEntry({ entry }: { entry: ConsentEntry }) {
  const zone = useCompanyZone();
  const at = useCompanyDateTime();
  return (
    <ListItem divider sx={{ display: 'block', px: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Chip
          size="small"
          color={entry.granted ? 'success' : 'default'}
          label={entry.granted ? 'Erteilt' : 'Widerrufen'}
        />
        <Typography component="span">{consentWhen(entry, zone, 'name')}</Typography>
      </Stack>
      {entry.mailSubject && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Über den Abmeldelink der E-Mail „{entry.mailSubject}“
        </Typography>
      )}
      {entry.note && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {entry.note}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        Erfasst von {entry.recordedBy} am {at(entry.recordedAt)}
      </Typography>
    </ListItem>
  );
}

/**
 * The customer's consent to advertising by e-mail: its state, every grant and withdrawal (who, when, how), and
 * a form to record one (how, on which day, a note). Withdrawals by the customer's unsubscribe link appear here
 * by themselves.
 */
export default function ConsentDialog({ customer, onClose }: { customer: RaRecord; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const zone = useCompanyZone();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const input = { params: { id: Number(customer.id) } };
  const consent = useEndpoint(getCustomerConsent, input);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { key: idempotencyKey, renew } = useIdempotencyKey(draft !== null);
  const save = useEndpointMutation(recordConsent, {
    onSuccess: async (answer, sent) => {
      queryClient.setQueryData(endpointKey(getCustomerConsent, input), answer);
      // The customer's own state (newsletterConsent) follows the record.
      await queryClient.invalidateQueries({ queryKey: ['kunden', 'getOne'] });
      notify(sent.body.granted ? 'Einwilligung erfasst.' : 'Widerruf erfasst.', { type: 'success' });
      setDraft(null);
      renew();
    },
    onError: (error) => {
      const fieldErrors =
        error instanceof HttpError ? (error.body as { errors?: Record<string, string> })?.errors : undefined;
      setErrors(fieldErrors ?? {});
      setFailure(error.message);
    },
  });
  const start = (granted: boolean) => {
    setDraft({ granted, source: '', givenOn: companyToday(zone), note: '' });
    setErrors({});
    setFailure(null);
  };
  const submit = () => {
    if (!draft) return;
    const problems: Record<string, string> = {};
    if (!draft.source) problems.source = 'Bitte wählen Sie, wie der Kunde es mitgeteilt hat.';
    if (!draft.givenOn) problems.givenOn = 'Bitte geben Sie den Tag an (TT.MM.JJJJ).';
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length || !draft.source || !draft.givenOn) return;
    save.mutate({
      body: {
        customerId: Number(customer.id),
        granted: draft.granted,
        source: draft.source,
        givenOn: draft.givenOn,
        note: draft.note.trim() || null,
      },
      idempotencyKey,
    });
  };
  const granted = consent.data?.granted ?? Boolean(customer.newsletterConsent);
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="sm" aria-labelledby="consent-title">
      <DialogTitle id="consent-title">Werbung per E-Mail: {String(customer.displayName)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {consent.error && <Alert severity="error">{consent.error.message}</Alert>}
          <Typography role="status">
            {granted
              ? 'Der Kunde hat in Werbung per E-Mail eingewilligt: Werbe-Vorlagen gehen an ihn, mit Abmeldelink.'
              : 'Keine Einwilligung: Werbe-Vorlagen gehen nicht an diesen Kunden (Service-Mails schon).'}
          </Typography>
          {draft === null ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button variant="outlined" onClick={() => start(true)}>
                Einwilligung erfassen
              </Button>
              {granted && (
                <Button variant="outlined" onClick={() => start(false)}>
                  Widerruf erfassen
                </Button>
              )}
            </Stack>
          ) : (
            <Box
              component="form"
              noValidate
              aria-label={draft.granted ? 'Einwilligung erfassen' : 'Widerruf erfassen'}
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
              sx={{ display: 'grid', gap: 2 }}
            >
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {draft.granted ? 'Einwilligung erfassen' : 'Widerruf erfassen'}
              </Typography>
              <TextField
                select
                required
                label={draft.granted ? 'Wie hat der Kunde eingewilligt?' : 'Wie hat der Kunde widerrufen?'}
                value={draft.source}
                onChange={(event) => setDraft({ ...draft, source: event.target.value as ConsentSource })}
                error={Boolean(errors.source)}
                helperText={errors.source}
                size="small"
              >
                {PERSON_SOURCES.map((source) => (
                  <MenuItem key={source.id} value={source.id}>
                    {source.name}
                  </MenuItem>
                ))}
              </TextField>
              <DayPicker
                label="Am"
                required
                value={draft.givenOn}
                onChange={(givenOn) => setDraft({ ...draft, givenOn })}
                error={errors.givenOn}
              />
              <TextField
                label="Notiz"
                value={draft.note}
                onChange={(event) => setDraft({ ...draft, note: event.target.value })}
                multiline
                minRows={2}
                size="small"
                error={Boolean(errors.note)}
                helperText={errors.note || 'z. B. „Formular im Schauraum unterschrieben, liegt im Ordner“'}
                slotProps={{ htmlInput: { maxLength: CONSENT_NOTE_MAX } }}
              />
              {failure && <Alert severity="error">{failure}</Alert>}
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={() => setDraft(null)}>Abbrechen</Button>
                <Button type="submit" variant="contained" disabled={save.isPending}>
                  Speichern
                </Button>
              </Stack>
            </Box>
          )}
          <Box component="section" aria-labelledby="consent-history">
            <Typography id="consent-history" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              Verlauf
            </Typography>
            {consent.data && consent.data.history.length === 0 && (
              <Typography color="text.secondary">Noch keine Einwilligung erfasst.</Typography>
            )}
            <List dense aria-labelledby="consent-history">
              {consent.data?.history.map((entry) => (
                <HistoryEntry key={entry.id} entry={entry} />
              ))}
            </List>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Schließen</Button>
      </DialogActions>
    </Dialog>
  );
}
