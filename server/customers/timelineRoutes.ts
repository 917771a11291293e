import type { FastifyInstance } from 'fastify';
import customerEntity from '../../src/resources/customers/customer.entity';
import { touchCustomer } from './customerQueries';
import { timelinePage } from './timelineQueries';
import {
  addTimelineNote,
  findPersonalNote,
  findTimelineNote,
  NOTE_AREA,
  savePersonalNote,
  updateTimelineNote,
} from './timelineQueries';
import { inTransaction } from '../platform/db/inTransaction';
import { getRecord } from '../platform/entities/entityRepository';
import { badRequest, conflict, forbidden, notFound, RELOAD_HER, staleEdit } from '../platform/http/apiError';
import { lastRecordedBy } from '../platform/changes/changedBy';
import {
  getTimelineForCustomer,
  postNoteToTimeline,
  updateNoteFromTimeline,
} from '../../src/resources/customers/timeline/timeline.endpoints';
import { getPersonalNotes, updatePersonalNotes } from '../../src/resources/customers/customers.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';

/**
 * The customer's timeline with its notes, and each user's private notes on a customer (the client's kunde/…
 * paths).
 */
export function registerTimelineRoutes(app: FastifyInstance) {
  const { db } = app;
  endpointRoute(app, getTimelineForCustomer, async (request) => {
    await getRecord(db, customerEntity, request.params.id);
    return timelinePage(db, request.params.id, request.caller!.oid, request.query.after);
  });

  endpointRoute(app, postNoteToTimeline, async (request, _reply, trx) => {
    const { customerId, text, writtenAt } = request.body;
    const written = writtenAt === undefined ? null : new Date(writtenAt);
    if (written && Number.isNaN(written.getTime()))
      throw badRequest('Der Zeitpunkt der Notiz ist ungültig.', { writtenAt: 'Kein gültiger Zeitpunkt' });
    await getRecord(db, customerEntity, customerId);
    const caller = request.caller!;
    // The note and the customer's last activity together or not at all, also without an Idempotency-Key
    // (then `trx` is the pool and the note's own transaction would have ended before the touch).
    return inTransaction(trx, async (work) => {
      const added = await addTimelineNote(work, customerId, text.trim(), caller, written);
      await touchCustomer(work, customerId);
      return added;
    });
  });

  endpointRoute(app, updateNoteFromTimeline, async (request) => {
    const current = await findTimelineNote(db, request.params.id);
    if (!current) throw notFound('Die Notiz wurde nicht gefunden.');
    if (current.authorOid !== request.caller!.oid)
      throw forbidden('Sie können nur Ihre eigenen Notizen ändern.');
    const updated = await updateTimelineNote(
      db,
      request.params.id,
      request.body.text.trim(),
      request.body.version,
      request.caller!,
    );
    if (!updated) {
      const by = await lastRecordedBy(db, NOTE_AREA, request.params.id);
      throw staleEdit(by, { subject: 'Die Notiz', retry: RELOAD_HER });
    }
    return updated;
  });

  endpointRoute(app, getPersonalNotes, async (request) => {
    await getRecord(db, customerEntity, request.params.id);
    return (await findPersonalNote(db, request.params.id, request.caller!.oid)) ?? { text: '', version: 0 };
  });

  endpointRoute(app, updatePersonalNotes, async (request) => {
    const customerId = request.params.id;
    await getRecord(db, customerEntity, customerId);
    const oid = request.caller!.oid;
    const { text, version } = request.body;
    const saved = await savePersonalNote(db, customerId, oid, text, version, request.caller!);
    if (!saved) {
      throw conflict(
        'Ihre persönliche Notiz wurde inzwischen in einem anderen Fenster geändert. Bitte laden Sie sie neu.',
      );
    }
    return saved;
  });
}
