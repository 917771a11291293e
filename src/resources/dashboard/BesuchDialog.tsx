import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { formatCompanyDateTime } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';
import { useSendOrQueue } from '../../offline/outbox/sendOrQueue';
import type { NewOutboxEntry } from '../../offline/outbox/outboxTypes';
import besuchOutbox from '../activities/besuch.outbox';
import { completeAppointment } from '../activities/activities.endpoints';
import { ACTIVITY_NOTE_MAX_LENGTH, activityTypeName } from '../activities/activityTypes';
import { timelineKey } from '../customers/timeline/timelineTypes';
import { getFilesForActivity, uploadActivityFile } from '../files/files.endpoints';
import { CustomerSearchField, type CustomerOption } from '../kit/CustomerSearchField';
import { CustomerVorgangField } from '../kit/CustomerVorgangField';
import { PhotoPicker, photosCount, type PickedPhoto } from '../kit/PhotoPicker';
import { sendActivityPhotos } from '../kit/sendActivityPhotos';
import { getTodoCount, getTodos } from '../todos/dueItems.endpoints';
import { BesuchFields, type BesuchValues } from './BesuchFields';
import { getMyDayAppointments } from './myDay.endpoints';

/** A planned Termin of Mein Tag that "Erfassen" completes (instead of a new Besuch beside it). */
export interface PlannedAppointment {
  id: number;
  version: number;
  activityType: string;
  reasonId: number | null;
  /** When it is planned (ISO instant). */
  activityDate: string;
}

/** The customer (and Vorgang, and planned Termin) a Besuch is captured for. */
export interface BesuchTarget {
  customerId: number;
  customerName: string | null;
  vorgangId?: number | null;
  appointment?: PlannedAppointment;
}

/** Where the capture stands after "Speichern": nothing stored yet, or the activity stored (with or without its photos). */
type Stored = { activityId: number } | null;

/**
 * "Besuch erfassen" on the phone: Art, Grund, Notiz, a follow-up day and photos from the camera, made small on
 * the device (about 2 megapixels) before they go over the line. From a planned Termin it completes that Termin
 * (its Art, Grund and Vorgang preset; the note and photos added to it). The activity and each photo carry their
 * own idempotency key, so a send repeated after a lost answer stores them once; a photo that failed is reported
 * with the Besuch that was stored, and can be added to it here or later from its timeline entry.
 */
export default function BesuchDialog({ target, onClose }: { target?: BesuchTarget; onClose: () => void }) {
  const dataProvider = useDataProvider();
  const api = useEndpointClient();
  const notify = useNotify();
  const sendOrQueue = useSendOrQueue();
  const queryClient = useQueryClient();
  const zone = useCompanyZone();
  const { key } = useIdempotencyKey();
  const appointment = target?.appointment;
  // Fixed when the dialog opens: a second "Speichern" after a lost answer must send the same data as the
  // first, or the server would take it for another Besuch under the same key.
  const [activityDate] = useState(() => new Date().toISOString());
  const [customer, setCustomer] = useState<CustomerOption | null>(
    target ? { id: target.customerId, displayName: target.customerName } : null,
  );
  const [vorgangId, setVorgangId] = useState<number | ''>(target?.vorgangId ?? '');
  const [values, setValues] = useState<BesuchValues>({
    activityType: appointment?.activityType ?? 'besuch',
    reasonId: appointment?.reasonId ?? '',
    note: '',
    dueDate: '',
  });
  const { activityType, reasonId, note, dueDate } = values;
  const [photos, setPhotos] = useState<readonly PickedPhoto[]>([]);
  const [stored, setStored] = useState<Stored>(null);
  const [progress, setProgress] = useState<string | null>(null);
  // Shown in the dialog, not as a snackbar: on a phone that would cover "Speichern", the way to try again.
  const [failure, setFailure] = useState<string | null>(null);

  const refresh = (customerId: number) =>
    Promise.all([
      ...[getTodos, getTodoCount, getFilesForActivity, getMyDayAppointments].map((endpoint) =>
        queryClient.invalidateQueries({ queryKey: [endpoint.path] }),
      ),
      queryClient.invalidateQueries({ queryKey: timelineKey(customerId) }),
    ]);

  /** Sends the photos not stored yet to the stored activity and says what became of them. */
  const sendPhotos = async (activityId: number, customerId: number) => {
    const sent = await sendActivityPhotos(api, activityId, photos, (index, of) =>
      setProgress(`Foto ${index} von ${of} wird gesendet …`),
    );
    setPhotos(sent);
    await refresh(customerId);
    const missing = sent.filter((photo) => !photo.stored).length;
    if (!missing) {
      notify(sent.length ? `Besuch mit ${photosCount(sent.length)} gespeichert.` : 'Besuch gespeichert.', {
        type: 'success',
      });
      onClose();
      return;
    }
    const them = missing === 1 ? 'es' : 'sie';
    setFailure(
      `${sent.length > missing ? photosCount(sent.length - missing) : 'Kein Foto'} gespeichert, ` +
        `${photosCount(missing)} nicht (der Grund steht beim Foto). Entfernen oder ersetzen Sie ${them} und ` +
        `tippen Sie auf „Fotos zum Besuch hinzufügen“, oder fügen Sie ${them} später beim Besuch in der ` +
        'Timeline hinzu.',
    );
  };

  const save = async () => {
    if (!customer) return;
    setFailure(null);
    if (stored) {
      setProgress('Fotos werden gesendet …');
      try {
        await sendPhotos(stored.activityId, customer.id);
      } finally {
        setProgress(null);
      }
      return;
    }
    setProgress('Besuch wird gespeichert …');
    const common = {
      vorgangId: vorgangId === '' ? null : vorgangId,
      activityType,
      reasonId: reasonId === '' ? null : reasonId,
      // With a follow-up day the activity stays open and comes back as a todo on that day.
      dueDate: dueDate || null,
      note: note.trim() || null,
    };
    // From a planned Termin: that Termin is completed. Otherwise a new Besuch.
    const completion = appointment ? { id: appointment.id, version: appointment.version, ...common } : null;
    const besuch = { customerId: customer.id, ...common, activityDate, done: !dueDate };
    // A completed Termin names its activity as the entry's record; the subject sends each to its endpoint.
    const request: Pick<NewOutboxEntry, 'body' | 'record' | 'version'> = completion
      ? { body: completion, record: `aktivitaet:${completion.id}`, version: completion.version }
      : { body: besuch, record: null, version: null };
    const create = async () => {
      if (completion)
        return Number((await api.call(completeAppointment, { body: completion, idempotencyKey: key })).id);
      const { data: activity } = await dataProvider.create('aktivitaeten', {
        data: besuch,
        meta: { idempotencyKey: key },
      });
      return Number(activity.id);
    };
    try {
      // Without a network the Besuch and its photos wait in the outbox under the keys made here, so a first
      // send the server did get is stored once.
      const saved = await sendOrQueue(
        {
          ...request,
          idempotencyKey: key,
          files: photos.map((photo) => ({
            blob: photo.file,
            name: photo.file.name,
            key: photo.key,
            path: uploadActivityFile.path,
          })),
          subject: besuchOutbox.make({
            customerId: customer.id,
            activityType,
            note: common.note,
            photos: photos.length,
          }),
        },
        create,
      );
      if (saved.queued) {
        notify('Offline gespeichert: der Besuch wird gesendet, sobald Verbindung besteht.');
        onClose();
        return;
      }
      setStored({ activityId: saved.result });
      await sendPhotos(saved.result, customer.id);
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
  const pendingPhotos = photos.filter((photo) => !photo.stored).length;
  // Closed with photos not stored: said once more, and where to add them.
  const close = () => {
    if (stored && pendingPhotos)
      notify(
        `Besuch gespeichert, ${photosCount(pendingPhotos)} nicht: in der Timeline beim Besuch „Fotos hinzufügen“.`,
        { type: 'warning' },
      );
    onClose();
  };
  return (
    <Dialog open onClose={busy ? undefined : close} fullScreen aria-labelledby="besuch-dialog-title">
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
          {appointment && (
            <Alert severity="info">
              {activityTypeName(appointment.activityType)} um{' '}
              {formatCompanyDateTime(appointment.activityDate, zone).slice(-5)}: wird mit dieser Erfassung
              abgeschlossen; Notiz und Fotos kommen zum Termin.
            </Alert>
          )}
          {stored && (
            // At the top, where the phone's screen shows it: what is stored, and what is not.
            <Alert severity={failure ? 'warning' : 'success'} role="status">
              Der Besuch ist gespeichert.{failure && ` ${failure}`}
            </Alert>
          )}
          <CustomerVorgangField
            customerId={customer?.id ?? null}
            value={vorgangId}
            onChange={setVorgangId}
            disabled={Boolean(stored)}
          />
          <BesuchFields
            values={values}
            onChange={(change) => setValues((current) => ({ ...current, ...change }))}
            disabled={Boolean(stored)}
          />
          <PhotoPicker photos={photos} onChange={(update) => setPhotos(update)} disabled={busy} />
          {failure && !stored && <Alert severity="error">{failure}</Alert>}
          {busy && (
            <>
              <LinearProgress />
              <Typography variant="body2">{progress}</Typography>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ p: 2, gap: 1 }}>
        <Button onClick={close} disabled={busy} size="large">
          {stored ? 'Schließen' : 'Abbrechen'}
        </Button>
        <Button
          variant="contained"
          size="large"
          onClick={() => void save()}
          disabled={!customer || busy || noteTooLong || (Boolean(stored) && !pendingPhotos)}
          sx={{ flex: 1 }}
        >
          {stored ? 'Fotos zum Besuch hinzufügen' : 'Speichern'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
