import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { CreateBase, EditBase, useDataProvider, useNotify, useRefresh, type RaRecord } from 'react-admin';
import type { CrmDataProvider } from '../../dataProvider/entityDataProvider';
import activityEntity from '../activities/activity.entity';
import { EntityForm } from '../generic/EntityForm';
import { timelineKey } from '../customers/timeline/timelineTypes';
import { useUnsavedChangesGuard } from '../../layout/useUnsavedChangesGuard';
import { useState } from 'react';

/**
 * Logs a new activity for the customer (tied to `vorgangId` when logged on a Vorgang's page), or edits one
 * (pessimistic: a colleague's change is a conflict).
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
  // Made once: the dialog draws again as input arrives (its guard), and a new record would reset the form.
  const [newRecord] = useState(() => ({
    customerId: customer.id,
    ...(vorgangId ? { vorgangId } : {}),
    activityType: 'anruf',
    // Now: a call just made is logged with its time; a Termin's time is picked in the company's zone.
    activityDate: new Date().toISOString(),
  }));
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);
  const close = () => guard.confirmDiscard() && onClose();
  const before = new Set((customer.labelIds as number[] | undefined) ?? []);

  // A reason may have given the customer labels: say which, so nobody wonders where they came from.
  const onSuccess = async () => {
    guard.saved();
    onClose();
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
        {activity ? 'Aktivität bearbeiten' : 'Neue Aktivität'}
      </DialogTitle>
      <DialogContent sx={{ px: 0 }}>
        {activity ? (
          <EditBase
            resource="aktivitaeten"
            id={activity.id}
            mutationMode="pessimistic"
            redirect={false}
            mutationOptions={{ onSuccess }}
          >
            {form}
          </EditBase>
        ) : (
          <CreateBase
            resource="aktivitaeten"
            record={newRecord}
            redirect={false}
            mutationOptions={{ onSuccess }}
          >
            {form}
          </CreateBase>
        )}
      </DialogContent>
    </Dialog>
  );
}
