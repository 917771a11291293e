import { HttpError, useNotify } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { newKey } from '../../api/useIdempotencyKey';
import { formatCompanyDateTime } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';
import { useSendOrQueue } from '../../offline/outbox/sendOrQueue';
import { moveTermin, type CalendarTermin } from './calendar.endpoints';
import { terminTitle } from './calendarEvents';
import terminMoveOutbox from './terminMove.outbox';

/** What became of a move: saved, waiting in the outbox (offline), or refused (the calendar puts it back). */
export type MoveOutcome = 'gespeichert' | 'wartet' | 'abgelehnt';

/**
 * Moves a Termin to `start` at the version the calendar showed, the desk's drag and the phone's "Verschieben"
 * alike: online through calendar/moveTermin (a change since then is a 409: the calendar reloads), offline into
 * the outbox, sent when the connection returns.
 */
export function useTerminMove() {
  const api = useEndpointClient();
  const notify = useNotify();
  const zone = useCompanyZone();
  const sendOrQueue = useSendOrQueue();

  return async (termin: CalendarTermin, start: Date): Promise<MoveOutcome> => {
    const body = { id: termin.id, version: termin.version, start: start.toISOString() };
    const idempotencyKey = newKey();
    try {
      const saved = await sendOrQueue(
        {
          body,
          idempotencyKey,
          record: `aktivitaet:${termin.id}`,
          version: termin.version,
          files: [],
          subject: terminMoveOutbox.make({
            terminId: termin.id,
            title: terminTitle(termin),
            start: body.start,
            zone,
            customerId: termin.customerId,
          }),
        },
        () => api.call(moveTermin, { body, idempotencyKey }),
      );
      if (saved.queued) {
        notify('Offline gespeichert: der Termin wird verschoben, sobald Verbindung besteht.');
        return 'wartet';
      }
      notify(`Termin verschoben auf ${formatCompanyDateTime(start, zone)}.`, { type: 'success' });
      return 'gespeichert';
    } catch (error) {
      notify(
        error instanceof HttpError && error.status === 409
          ? 'Der Termin wurde inzwischen geändert. Die Ansicht wird neu geladen.'
          : error instanceof HttpError && error.message
            ? error.message
            : 'Der Termin konnte nicht verschoben werden.',
        { type: 'error' },
      );
      return 'abgelehnt';
    }
  };
}
