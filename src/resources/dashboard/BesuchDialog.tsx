import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useDataProvider, useGetList, useNotify } from 'react-admin';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { newKey, useIdempotencyKey } from '../../api/useIdempotencyKey';
import activityEntity from '../activities/activity.entity';
import { ACTIVITY_NOTE_MAX_LENGTH, ACTIVITY_TYPES } from '../activities/activityTypes';
import { getVorgaengeForCustomer } from '../customers/customers.endpoints';
import { timelineKey } from '../customers/timeline/timelineTypes';
import { getFilesForActivity, uploadActivityFile } from '../files/files.endpoints';
import { scalePhoto } from '../kit/scalePhoto';
import { getTodoCount, getTodos } from '../todos/dueItems.endpoints';
import { countOf, formatNumber } from '../../i18n/format';
import { useSendOrQueue } from '../../offline/outbox/sendOrQueue';
import { CustomerSearchField, type CustomerOption } from '../kit/CustomerSearchField';

/** The customer (and Vorgang) a Besuch is captured for. */
export interface BesuchTarget {
  customerId: number;
  customerName: string | null;
  vorgangId?: number | null;
}

/** A photo made small on the device, with the key that makes its upload happen once. */
interface Photo {
  file: File;
  key: string;
}

const kilobytes = (bytes: number) => `${formatNumber(Math.round(bytes / 1024))} kB`;

/**
 * "Besuch erfassen" on the phone: Art, Grund, Notiz, a follow-up day and photos from the camera, made small on
 * the device (about 2 megapixels) before they go over the line. The activity and each photo carry their own
 * idempotency key, so a send repeated after a lost answer stores them once.
 */
export default function BesuchDialog({ target, onClose }: { target?: BesuchTarget; onClose: () => void }) {
  const dataProvider = useDataProvider();
  const api = useEndpointClient();
  const notify = useNotify();
  const sendOrQueue = useSendOrQueue();
  const queryClient = useQueryClient();
  const { key } = useIdempotencyKey();
  // Fixed when the dialog opens: a second "Speichern" after a lost answer must send the same data as the
  // first, or the server would take it for another Besuch under the same key.
  const [activityDate] = useState(() => new Date().toISOString());
  const [customer, setCustomer] = useState<CustomerOption | null>(
    target ? { id: target.customerId, displayName: target.customerName } : null,
  );
  const [vorgangId, setVorgangId] = useState<number | ''>(target?.vorgangId ?? '');
  const [activityType, setActivityType] = useState('besuch');
  const [reasonId, setReasonId] = useState<number | ''>('');
  const [note, setNote] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [scaling, setScaling] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  // Shown in the dialog, not as a snackbar: on a phone that would cover "Speichern", the way to try again.
  const [failure, setFailure] = useState<string | null>(null);
  const reasons = useGetList<{ id: number; text: string }>('admin/reasons', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'text', order: 'ASC' },
  });
  const vorgaenge = useEndpoint(
    getVorgaengeForCustomer,
    { params: { id: customer?.id ?? 0 } },
    { enabled: Boolean(customer) },
  );

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    setScaling(true);
    try {
      const scaled = await Promise.all(
        picked.map(async (file) => ({ file: await scalePhoto(file), key: newKey() })),
      );
      setPhotos((current) => [...current, ...scaled]);
    } finally {
      setScaling(false);
    }
  };

  const save = async () => {
    if (!customer) return;
    setProgress('Besuch wird gespeichert …');
    setFailure(null);
    const data = {
      customerId: customer.id,
      vorgangId: vorgangId === '' ? null : vorgangId,
      activityType,
      reasonId: reasonId === '' ? null : reasonId,
      activityDate,
      // With a follow-up day the activity stays open and comes back as a todo on that day.
      dueDate: dueDate || null,
      done: !dueDate,
      note: note.trim() || null,
    };
    const send = async () => {
      const { data: activity } = await dataProvider.create('aktivitaeten', {
        data,
        meta: { idempotencyKey: key },
      });
      for (const [index, photo] of photos.entries()) {
        setProgress(`Foto ${index + 1} von ${photos.length} wird gesendet …`);
        await api.upload(
          uploadActivityFile,
          { params: { id: Number(activity.id) }, idempotencyKey: photo.key },
          photo.file,
        );
      }
    };
    try {
      // Without a network the Besuch and its photos wait in the outbox under the keys made here, so a first
      // send the server did get is stored once.
      const saved = await sendOrQueue(
        {
          method: 'POST',
          path: activityEntity.endpoints.create!,
          body: data,
          idempotencyKey: key,
          record: null,
          version: null,
          files: photos.map((photo) => ({
            blob: photo.file,
            name: photo.file.name,
            key: photo.key,
            path: uploadActivityFile.path,
          })),
          subject: {
            kind: 'besuch',
            customerId: customer.id,
            activityType,
            note: data.note,
            photos: photos.length,
          },
        },
        send,
      );
      if (saved.queued) {
        notify('Offline gespeichert: der Besuch wird gesendet, sobald Verbindung besteht.');
        onClose();
        return;
      }
      await Promise.all([
        ...[getTodos, getTodoCount, getFilesForActivity].map((endpoint) =>
          queryClient.invalidateQueries({ queryKey: [endpoint.path] }),
        ),
        queryClient.invalidateQueries({ queryKey: timelineKey(customer.id) }),
      ]);
      notify(
        photos.length
          ? `Besuch mit ${countOf(photos.length, 'Foto', 'Fotos')} gespeichert.`
          : 'Besuch gespeichert.',
        {
          type: 'success',
        },
      );
      onClose();
    } catch (error) {
      setFailure(
        `${error instanceof Error ? error.message : 'Der Besuch wurde nicht gespeichert.'} Ihre Eingaben bleiben ` +
          'hier; tippen Sie erneut auf „Speichern“ (nichts wird doppelt gespeichert).',
      );
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const noteTooLong = note.length > ACTIVITY_NOTE_MAX_LENGTH;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen aria-labelledby="besuch-dialog-title">
      <DialogTitle id="besuch-dialog-title">Besuch erfassen</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {target ? (
            <Typography sx={{ fontWeight: 600 }}>
              {target.customerName ?? `Kunde ${target.customerId}`}
            </Typography>
          ) : (
            <CustomerSearchField
              offlineRecent
              onChange={(next) => {
                setCustomer(next);
                setVorgangId('');
              }}
            />
          )}
          <TextField
            select
            label="Vorgang (optional)"
            value={vorgangId}
            disabled={!customer || !vorgaenge.data?.length}
            onChange={(event) => setVorgangId(event.target.value === '' ? '' : Number(event.target.value))}
          >
            <MenuItem value="">Kein Vorgang</MenuItem>
            {(vorgaenge.data ?? []).map((vorgang) => (
              <MenuItem key={vorgang.id} value={vorgang.id}>
                {vorgang.vorgangNumber} · {vorgang.title}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Art"
            value={activityType}
            onChange={(event) => setActivityType(event.target.value)}
          >
            {ACTIVITY_TYPES.map((type) => (
              <MenuItem key={type.id} value={type.id}>
                {type.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Grund"
            value={reasonId}
            onChange={(event) => setReasonId(event.target.value === '' ? '' : Number(event.target.value))}
          >
            <MenuItem value="">Kein Grund</MenuItem>
            {(reasons.data ?? []).map((reason) => (
              <MenuItem key={reason.id} value={reason.id}>
                {reason.text}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Notiz"
            multiline
            minRows={3}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={noteTooLong}
            // The limit and the count as the seller types, as the customer's note shows them: a long note is
            // shortened here, not refused with nothing marked.
            helperText={`${formatNumber(note.length)} / ${formatNumber(ACTIVITY_NOTE_MAX_LENGTH)} Zeichen${
              noteTooLong ? ' – bitte kürzen Sie die Notiz.' : ''
            }`}
            slotProps={{ formHelperText: { sx: { textAlign: 'right' } } }}
          />
          <TextField
            label="Nachfassen am"
            type="date"
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            helperText="Leer: der Besuch ist erledigt."
          />
          <Button
            component="label"
            variant="outlined"
            size="large"
            startIcon={<PhotoCameraIcon />}
            disabled={busy}
          >
            Foto aufnehmen
            <input
              hidden
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              aria-label="Fotos"
              onChange={(event) => void addPhotos(event)}
            />
          </Button>
          {scaling && <LinearProgress aria-label="Fotos werden verkleinert" />}
          {photos.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {photos.length === 1 ? '1 Foto' : `${photos.length} Fotos`} (
              {photos.map((photo) => kilobytes(photo.file.size)).join(', ')})
            </Typography>
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
          {busy && (
            <>
              <LinearProgress />
              <Typography variant="body2">{progress}</Typography>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ p: 2, gap: 1 }}>
        <Button onClick={onClose} disabled={busy} size="large">
          Abbrechen
        </Button>
        <Button
          variant="contained"
          size="large"
          onClick={() => void save()}
          disabled={!customer || busy || scaling || noteTooLong}
          sx={{ flex: 1 }}
        >
          Speichern
        </Button>
      </DialogActions>
    </Dialog>
  );
}
