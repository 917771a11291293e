import { ActivityLog } from '../../kit/ActivityLog';
import type { CustomerTabProps } from '../CustomerShow';

/** Aktivitäten tab of a customer. */
export default function CustomerActivities({ customer }: CustomerTabProps) {
  return (
    <ActivityLog
      filter={{ customerId: Number(customer.id) }}
      customer={customer}
      emptyText="Noch keine Aktivitäten."
      label="Aktivitäten"
    />
  );
}
