import type { BesuchTarget } from './BesuchDialog';
import type { Appointment } from './myDay.endpoints';

/**
 * What "Erfassen" on one of Mein Tag's appointments captures: its customer and Vorgang, and, while it is still
 * planned, the appointment itself, which the capture then completes (a done one gets a new Besuch beside it).
 */
export function captureTarget(item: Appointment): BesuchTarget {
  return {
    customerId: item.customerId,
    customerName: item.customerName,
    vorgangId: item.vorgangId,
    ...(item.done
      ? {}
      : {
          appointment: {
            id: item.id,
            version: item.version,
            activityType: item.activityType,
            reasonId: item.reasonId,
            activityDate: item.activityDate,
          },
        }),
  };
}
