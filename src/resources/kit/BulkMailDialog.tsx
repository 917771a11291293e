import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemText,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { formatNumber } from '../../i18n/format';
import { BulkProgress } from './BulkActionDialog';
import { useBulkJobDialog } from './useBulkJob';
import { getTextTemplatesForUser } from '../textTemplates/textTemplates.endpoints';
import { type BulkMailPreview, type BulkSelection, type BulkTarget } from '../bulkActions/bulkActionTypes';
import { previewBulkMail } from '../bulkActions/bulkActions.endpoints';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** Who gets the mail: the selection without those the job will refuse. */
const recipientsOf = (preview: BulkMailPreview) =>
  preview.total - preview.withoutEmail - preview.outOfReach - preview.withoutConsent;

/** Refused records the server names per answer (the next ones come with "Weitere anzeigen"). */
type Refused = BulkMailPreview['refused'];

/**
 * "Mail senden" on a selection: pick a template, see how many get the mail, every record that is refused by
 * name and reason (no address, out of reach, no consent to a Werbung template), and the personalised mail of
 * the first recipients as the server fills it; then send once (under the dialog's Idempotency-Key) into the
 * Postausgang and read the report.
 */
export function BulkMailDialog({
  target,
  selection,
  count,
  onClose,
}: {
  target: BulkTarget;
  selection: BulkSelection;
  count: number;
  /** `finished`: the job ran, the selection is spent. */
  onClose: (finished: boolean) => void;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [templateId, setTemplateId] = useState<number | null>(null);
  const { key } = useIdempotencyKey(true);
  const templates = useEndpoint(getTextTemplatesForUser, {});
  const preview = useEndpoint(
    previewBulkMail,
    { body: { target, templateId: templateId ?? 0, selection } },
    { enabled: templateId !== null },
  );
  const { jobId, start, job, finished, close, dialogClose } = useBulkJobDialog(onClose);
  const api = useEndpointClient();
  const moreRefused = async (offset: number) =>
    (
      await api.call(previewBulkMail, {
        body: { target, templateId: templateId ?? 0, selection, refusedOffset: offset },
      })
    ).refused;
  const recipients = preview.data ? recipientsOf(preview.data) : 0;
  return (
    <Dialog
      open
      onClose={dialogClose}
      fullWidth
      fullScreen={phone}
      maxWidth="md"
      aria-labelledby="bulk-mail-title"
    >
      <DialogTitle id="bulk-mail-title">Mail senden</DialogTitle>
      <DialogContent>
        {jobId === null ? (
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <TextField
              select
              label="Vorlage"
              value={templateId ?? ''}
              onChange={(event) => setTemplateId(Number(event.target.value) || null)}
              autoFocus
            >
              {(templates.data ?? []).map((template) => (
                <MenuItem key={template.id} value={template.id}>
                  {template.name}
                </MenuItem>
              ))}
            </TextField>
            {templateId === null && (
              <Typography color="text.secondary">
                {target === 'faelligeLabels'
                  ? plural(count, 'Label', 'Labels')
                  : plural(count, 'Datensatz', 'Datensätze')}{' '}
                ausgewählt. Wählen Sie eine Vorlage: Sie sehen vor dem Senden, wer die Mail bekommt und wie
                sie aussieht.
              </Typography>
            )}
            {preview.isFetching && <LinearProgress aria-label="Vorschau wird geladen" />}
            {preview.error && <Alert severity="error">{preview.error.message}</Alert>}
            {templateId !== null && preview.data && !preview.isFetching && (
              <MailPreview
                key={templateId}
                preview={preview.data}
                target={target}
                moreRefused={moreRefused}
              />
            )}
            {start.error && <Alert severity="error">{start.error.message}</Alert>}
          </Box>
        ) : (
          <BulkProgress job={job} doneWord="erledigt" />
        )}
      </DialogContent>
      <DialogActions>
        {jobId === null ? (
          <>
            <Button onClick={() => onClose(false)}>Abbrechen</Button>
            <Button
              variant="contained"
              disabled={templateId === null || !preview.data || recipients === 0 || start.isPending}
              onClick={() => {
                if (templateId === null) return;
                start.mutate({
                  body: { target, action: { kind: 'mail', templateId }, selection },
                  idempotencyKey: key,
                });
              }}
            >
              {plural(recipients, 'Mail', 'Mails')} senden
            </Button>
          </>
        ) : (
          <Button variant="contained" disabled={!finished} onClick={close}>
            Schließen
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Who a record's mail goes to, where it is not the record itself. */
const RECIPIENT_NOTE: Record<BulkTarget, string> = {
  kunden: '',
  vorgaenge: ' (der Kunde des Vorgangs)',
  faelligeLabels: ' (je Vorgang oder Kunde mit Label eine Mail an den Kunden)',
};

/** Every refused record by name and reason, a page at a time. */
function RefusedList({
  preview,
  moreRefused,
}: {
  preview: BulkMailPreview;
  moreRefused: (offset: number) => Promise<Refused>;
}) {
  const [refused, setRefused] = useState<Refused>(preview.refused);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const total = preview.withoutEmail + preview.outOfReach + preview.withoutConsent;
  if (total === 0) return null;
  const more = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const next = await moreRefused(refused.length);
      setRefused((current) => [...current, ...next]);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Box component="section" aria-labelledby="bulk-mail-refused">
      <Typography id="bulk-mail-refused" variant="subtitle2">
        Bekommen die Mail nicht ({formatNumber(total)})
      </Typography>
      <List
        dense
        aria-labelledby="bulk-mail-refused"
        sx={{ maxHeight: 240, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}
      >
        {refused.map((record) => (
          <ListItem key={record.recordId} divider>
            <ListItemText
              primary={record.name ?? `#${record.recordId}`}
              secondary={record.reason}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      {refused.length < total && (
        <Button size="small" onClick={() => void more()} disabled={loading} sx={{ mt: 0.5 }}>
          Weitere anzeigen ({formatNumber(total - refused.length)})
        </Button>
      )}
      {failed && <Alert severity="error">Die weiteren konnten nicht geladen werden.</Alert>}
    </Box>
  );
}

/** The counts, who is refused, then one recipient's mail at a time (the first few), as the server filled it. */
function MailPreview({
  preview,
  target,
  moreRefused,
}: {
  preview: BulkMailPreview;
  target: BulkTarget;
  moreRefused: (offset: number) => Promise<Refused>;
}) {
  const [shown, setShown] = useState(0);
  const mail = preview.previews[Math.min(shown, preview.previews.length - 1)];
  const recipients = recipientsOf(preview);
  return (
    <>
      <Box role="status" aria-label="Empfänger">
        <Typography sx={{ fontWeight: 600 }}>
          {formatNumber(recipients)} Empfänger {recipients === 1 ? 'bekommt' : 'bekommen'} die Mail
          {RECIPIENT_NOTE[target]}.
        </Typography>
        {preview.withoutEmail > 0 && (
          <Typography color="warning.main">
            {plural(preview.withoutEmail, 'Datensatz hat', 'Datensätze haben')} keine E-Mail-Adresse und{' '}
            {preview.withoutEmail === 1 ? 'wird' : 'werden'} abgelehnt.
          </Typography>
        )}
        {preview.outOfReach > 0 && (
          <Typography color="warning.main">
            {plural(preview.outOfReach, 'Vorgang gehört', 'Vorgänge gehören')} weder Ihnen noch einer Filiale,
            die Sie leiten, und {preview.outOfReach === 1 ? 'wird' : 'werden'} abgelehnt.
          </Typography>
        )}
        {preview.withoutConsent > 0 && (
          <Typography color="warning.main">
            {plural(preview.withoutConsent, 'Kunde hat', 'Kunden haben')} keine Einwilligung in Werbung per
            E-Mail und {preview.withoutConsent === 1 ? 'wird' : 'werden'} abgelehnt (die Vorlage ist Werbung).
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          Jede Mail wird persönlich gefüllt und über den Postausgang gesendet (nach und nach, im Rahmen des
          Mail-Limits).
        </Typography>
      </Box>
      <RefusedList preview={preview} moreRefused={moreRefused} />
      {mail && (
        <Paper variant="outlined" sx={{ p: 2 }} aria-label="Vorschau der Mail">
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
          >
            <Typography variant="subtitle2">
              Vorschau {Math.min(shown, preview.previews.length - 1) + 1} von {preview.previews.length}
            </Typography>
            {preview.previews.length > 1 && (
              <Button size="small" onClick={() => setShown((shown + 1) % preview.previews.length)}>
                Nächste
              </Button>
            )}
          </Stack>
          <Typography variant="body2">
            <strong>An:</strong> {mail.to}
            {mail.name ? ` (${mail.name})` : ''}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            <strong>Betreff:</strong> {mail.subject}
          </Typography>
          <Typography
            variant="body2"
            component="pre"
            sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, overflowWrap: 'anywhere' }}
          >
            {mail.body}
          </Typography>
        </Paper>
      )}
    </>
  );
}
