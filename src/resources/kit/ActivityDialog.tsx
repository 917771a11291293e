import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CreateBase, EditBase, useDataProvider, useNotify, useRefresh, type RaRecord } from 'react-admin';
import { useEndpoint } from '../../api/useEndpoint';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { getNewActivityDefaults } from '../activities/activities.endpoints';
import type { CrmDataProvider } from '../../dataProvider/entityDataProvider';
import activityEntity from '../activities/activity.entity';
import { EntityForm } from '../generic/EntityForm';
import { timelineKey } from '../customers/timeline/timelineTypes';
import { useUnsavedChangesGuard } from '../../layout/useUnsavedChangesGuard';
import { ActivityFiles } from './ActivityFiles';

/**
 * Logs a new activity for the customer (tied to `vorgangId` when logged on a Vorgang's page), or edits one
 * (pessimistic: a colleague's change is a conflict). Files hang on a saved activity: the edit shows them
 * below the form, a new activity offers them right after it is saved. A new one starts with "Fällig am" at the
 * Standard-Fälligkeit, in sight: cleared, it is saved without a due day (and is no todo).
 */
export default function ActivityDialog({
  customer,
  activity,
  vorgangId,
  onClose,
}: {
  customer: RaRecord;
  activity?: RaRecord;
  vorgangId?: number;
  onClose: () => void;
}) {
  const dataProvider = useDataProvider<CrmDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const refresh = useRefresh();
  // Made once (the defaults' answer keeps its identity): the dialog draws again as input arrives (its guard),
  // and a new record would reset the form.
  const [now] = useState(() => new Date().toISOString());
  const defaults = useEndpoint(
    getNewActivityDefaults,
    {},
    { enabled: !activity, staleTime: 60_000, retry: false },
  );
  const newRecord = useMemo(
    () => ({
      customerId: customer.id,
      ...(vorgangId ? { vorgangId } : {}),
      activityType: 'anruf',
      // Now: a call just made is logged with its time; a Termin's time is picked in the company's zone.
      activityDate: now,
      // Without the defaults (offline, an error) the field starts empty: nothing is due unless chosen.
      dueDate: defaults.data?.dueDate ?? null,
    }),
    [customer.id, vorgangId, now, defaults.data],
  );
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);
  // One key per opening of the dialog: a double click on "Speichern" logs one activity.
  const { key: idempotencyKey } = useIdempotencyKey();
  const before = new Set((customer.labelIds as number[] | undefined) ?? []);
  // The activity just created: the dialog then turns to its files.
  const [created, setCreated] = useState<RaRecord | null>(null);
  // Files added or removed show on the timelines (customer's, Vorgang's) once the dialog closes.
  const close = () => {
    if (!guard.confirmDiscard()) return;
    onClose();
    if (created || activity) refresh();
  };

  // A reason may have given the customer labels: say which, so nobody wonders where they came from.
  const saved = async () => {
    await queryClient.invalidateQueries({ queryKey: timelineKey(customer.id) });
    const { data: fresh } = await dataProvider.getOne('kunden', { id: customer.id });
    const added = ((fresh.labelIds as number[]) ?? []).filter((id) => !before.has(id));
    const { data: labels } = added.length
      ? await dataProvider.getMany('admin/labels', { ids: added })
      : { data: [] as RaRecord[] };
    notify(
      labels.length
        ? `Aktivität gespeichert. Neues Label: ${labels.map((l) => `„${String(l.name)}“`).join(', ')}.`
        : 'Aktivität gespeichert.',
      { type: 'info' },
    );
    refresh();
  };
  // Saved: the guard lets the dialog go (an edit closes; a new activity turns to its files).
  const onSuccess = async () => {
    guard.saved();
    onClose();
    await saved();
  };
  const onCreated = async (record: RaRecord) => {
    guard.saved();
    setCreated(record);
    await saved();
  };
  const form = (
    <EntityForm
      entity={activityEntity}
      canDelete={false}
      inDialog
      onCancel={close}
      onDirtyChange={setDirty}
    />
  );
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="activity-dialog-title">
      <DialogTitle id="activity-dialog-title">
        {activity ? 'Aktivität bearbeiten' : created ? 'Aktivität gespeichert' : 'Neue Aktivität'}
      </DialogTitle>
      <DialogContent sx={{ px: 0 }}>
        {created ? (
          <>
            <Typography sx={{ px: 3, mb: 2 }} color="text.secondary">
              Hängen Sie Dateien an (Fotos, Pläne, Dokumente) oder schließen Sie mit „Fertig“.
            </Typography>
            <ActivityFiles activityId={Number(created.id)} />
          </>
        ) : activity ? (
          <>
            <EditBase
              resource="aktivitaeten"
              id={activity.id}
              mutationMode="pessimistic"
              redirect={false}
              mutationOptions={{ onSuccess }}
            >
              {form}
            </EditBase>
            <ActivityFiles activityId={Number(activity.id)} />
          </>
        ) : defaults.isPending ? (
          <CircularProgress aria-label="Lädt …" sx={{ display: 'block', mx: 'auto', my: 4 }} />
        ) : (
          <CreateBase
            resource="aktivitaeten"
            record={newRecord}
            redirect={false}
            mutationOptions={{ onSuccess: onCreated, meta: { idempotencyKey } }}
          >
            {form}
          </CreateBase>
        )}
      </DialogContent>
      {created && (
        <DialogActions>
          <Button variant="contained" onClick={close}>
            Fertig
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
