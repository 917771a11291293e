import { defineOutboxSubject, sendThrough } from '../../offline/outbox/outboxSubject';
import activityEntity from './activity.entity';
import { completeAppointment } from './activities.endpoints';

const sendCompletion = sendThrough(completeAppointment);
const photosText = (photos: number) => (photos === 1 ? '1 Foto' : `${photos} Fotos`);

/**
 * A Besuch captured without a connection (Besuch erfassen): a new activity, or a planned Termin completed
 * (the entry then names that activity as its record). Its photos follow as the entry's files.
 */
export default defineOutboxSubject<{
  kind: 'besuch';
  customerId: number;
  activityType: string;
  note: string | null;
  photos: number;
}>({
  kind: 'besuch',
  send: (entry, transport) =>
    entry.record
      ? sendCompletion(entry, transport)
      : // A new Besuch is the activity entity's create (an entity's CRUD route has no endpoint declaration).
        transport.call(activityEntity.endpoints.create!, {
          method: 'POST',
          body: entry.body,
          idempotencyKey: entry.idempotencyKey,
        }),
  describe: (subject) =>
    `Besuch${subject.note ? `: ${subject.note}` : ''}${subject.photos ? ` (${photosText(subject.photos)})` : ''}`,
  customerOf: (subject) => subject.customerId,
});
