import { useGetOne } from 'react-admin';
import { ActivityLog } from '../../kit/ActivityLog';

/** Aktivitäten tab: the activities tied to this Vorgang; a new one is logged for its customer and tied to it. */
export function VorgangActivities({ vorgangId, customerId }: { vorgangId: number; customerId: number }) {
  const { data: customer } = useGetOne('kunden', { id: customerId });
  return (
    <ActivityLog
      filter={{ vorgangId }}
      customer={customer}
      vorgangId={vorgangId}
      emptyText="Noch keine Aktivitäten zu diesem Vorgang."
      label="Aktivitäten des Vorgangs"
    />
  );
}
