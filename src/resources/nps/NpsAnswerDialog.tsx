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
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HttpError, Loading, useNotify } from 'react-admin';
import { useEndpoint, useEndpointMutation } from '../../api/useEndpoint';
import { useDraftErrors } from '../generic/useDraftErrors';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { companyDayOf, companyToday } from '../../config/companyTime';
import { useUnsavedChangesGuard } from '../../layout/useUnsavedChangesGuard';
import { CustomerPicker, type CustomerOption } from './CustomerPicker';
import { DayPicker } from '../../i18n/DayPicker';
import { invalidateNps } from './invalidateNps';
import { getNpsAnswer, getNpsCustomerOptions, saveNpsAnswer } from './nps.endpoints';
import { COMMENT_MAX, NPS_CHANNELS, npsAnswerProblems, type NpsChannel } from './nps.rules';
import { ScoreButtons } from './ScoreButtons';

interface Draft {
  customer: CustomerOption | null;
  vorgangId: number | '';
  score: number | null;
  comment: string;
  channel: NpsChannel;
  answeredOn: string | null;
}

/**
 * Captures an answer from a call or a paper card (id null), or edits one at the version read: score as a
 * row of buttons, comment, channel, date; the same German checks as the server, then the server's own.
 */
export function NpsAnswerDialog({
  id,
  zone,
  onClose,
}: {
  id: number | null;
  zone: string;
  onClose: () => void;
}) {
  const existing = useEndpoint(getNpsAnswer, { params: { id: id ?? 0 } }, { enabled: id !== null });
  const existingCustomer = useEndpoint(
    getNpsCustomerOptions,
    { query: { id: existing.data?.customerId } },
    { enabled: Boolean(existing.data) },
  );
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const answer = existing.data;
  const customer = existingCustomer.data?.[0];
  const loaded = id === null || (answer && customer);
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);
  const close = () => guard.confirmDiscard() && onClose();
  return (
    <Dialog
      open
      onClose={close}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      aria-labelledby="nps-dialog-title"
    >
      <DialogTitle id="nps-dialog-title">
        {id === null ? 'NPS-Antwort erfassen' : 'NPS-Antwort bearbeiten'}
      </DialogTitle>
      {existing.error ? (
        <DialogContent>
          <Alert severity="error">{existing.error.message}</Alert>
        </DialogContent>
      ) : loaded ? (
        <NpsAnswerForm
          id={id}
          version={answer?.version}
          zone={zone}
          phone={phone}
          onClose={close}
          onSaved={() => {
            guard.saved();
            onClose();
          }}
          onDirtyChange={setDirty}
          initial={
            answer && customer
              ? {
                  customer,
                  vorgangId: answer.vorgangId ?? '',
                  score: answer.score,
                  comment: answer.comment ?? '',
                  channel: answer.channel as NpsChannel,
                  answeredOn: companyDayOf(answer.answeredAt, zone),
                }
              : {
                  customer: null,
                  vorgangId: '',
                  score: null,
                  comment: '',
                  channel: 'telefon',
                  answeredOn: companyToday(zone),
                }
          }
        />
      ) : (
        <DialogContent>
          <Loading />
        </DialogContent>
      )}
    </Dialog>
  );
}

function NpsAnswerForm({
  id,
  version,
  zone,
  phone,
  initial,
  onClose,
  onSaved,
  onDirtyChange,
}: {
  id: number | null;
  version: number | undefined;
  zone: string;
  phone: boolean;
  initial: Draft;
  /** Abbrechen: asks first when something was entered. */
  onClose: () => void;
  onSaved: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const today = companyToday(zone);
  // Filling a field drops its red error from the last check (the mail dialog's rule, one hook for both).
  const {
    draft,
    change: set,
    errors,
    setErrors,
  } = useDraftErrors<Draft>(initial, (field) => (field === 'customer' ? ['customerId'] : [field]));
  const [start] = useState(initial);
  const dirty = JSON.stringify(draft) !== JSON.stringify(start);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per opening of the dialog: a new answer sent twice is recorded once.
  const { key: idempotencyKey } = useIdempotencyKey();

  const save = useEndpointMutation(saveNpsAnswer, {
    onSuccess: async (answer) => {
      await invalidateNps(queryClient);
      notify(
        answer.followUpId && !id
          ? 'Antwort gespeichert. Der Betreuer hat die Aufgabe „Kunde anrufen“ bekommen.'
          : 'Antwort gespeichert.',
        { type: 'success' },
      );
      onSaved();
    },
    onError: (error) => {
      const fieldErrors =
        error instanceof HttpError ? (error.body as { errors?: Record<string, string> })?.errors : undefined;
      if (fieldErrors) setErrors(fieldErrors);
      setFailure(error.message);
    },
  });

  const submit = () => {
    const body = {
      ...(id !== null ? { id, version } : {}),
      customerId: draft.customer?.id,
      vorgangId: draft.vorgangId === '' ? null : draft.vorgangId,
      score: draft.score ?? undefined,
      comment: draft.comment.trim() ? draft.comment : null,
      channel: draft.channel,
      answeredOn: draft.answeredOn ?? undefined,
    };
    const problems = npsAnswerProblems(body, today);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length === 0)
      save.mutate({ body, idempotencyKey: id === null ? idempotencyKey : undefined });
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <CustomerPicker
            value={draft.customer}
            onChange={(customer) => set({ customer, vorgangId: '' })}
            error={errors.customerId}
          />
          <TextField
            select
            label="Vorgang (optional)"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            value={draft.vorgangId}
            onChange={(event) =>
              set({ vorgangId: event.target.value === '' ? '' : Number(event.target.value) })
            }
            disabled={!draft.customer?.vorgaenge.length}
            error={Boolean(errors.vorgangId)}
            helperText={errors.vorgangId ?? 'Verkäufer und Filiale kommen vom Vorgang, sonst vom Kunden.'}
          >
            <MenuItem value="">Kein Vorgang</MenuItem>
            {draft.customer?.vorgaenge.map((vorgang) => (
              <MenuItem key={vorgang.id} value={vorgang.id}>
                {vorgang.number} · {vorgang.title}
              </MenuItem>
            ))}
          </TextField>
          <div>
            <Typography id="nps-score-label" sx={{ mb: 1 }}>
              Bewertung: Wie wahrscheinlich würde der Kunde uns weiterempfehlen? *
            </Typography>
            <ScoreButtons
              value={draft.score}
              onChange={(score) => set({ score })}
              labelId="nps-score-label"
              error={errors.score}
              size={phone ? 'small' : 'medium'}
            />
          </div>
          <TextField
            label="Kommentar"
            value={draft.comment}
            onChange={(event) => set({ comment: event.target.value })}
            multiline
            minRows={3}
            error={Boolean(errors.comment)}
            helperText={
              errors.comment ?? `${draft.comment.length} / ${COMMENT_MAX.toLocaleString('de-DE')} Zeichen`
            }
            slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Kanal"
              value={draft.channel}
              onChange={(event) => set({ channel: event.target.value as NpsChannel })}
              error={Boolean(errors.channel)}
              helperText={errors.channel}
              sx={{ flex: 1 }}
            >
              {NPS_CHANNELS.map((channel) => (
                <MenuItem key={channel.id} value={channel.id}>
                  {channel.name}
                </MenuItem>
              ))}
            </TextField>
            <Stack sx={{ flex: 1 }}>
              <DayPicker
                label="Datum"
                value={draft.answeredOn}
                onChange={(answeredOn) => set({ answeredOn })}
                error={errors.answeredOn}
                size="medium"
              />
            </Stack>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Abbrechen</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Speichern
        </Button>
      </DialogActions>
    </>
  );
}
