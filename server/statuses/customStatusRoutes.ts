import type { FastifyInstance } from 'fastify';
import { reorderCustomStatuses } from '../../src/resources/statuses/customStatuses.endpoints';
import { badRequest, staleEdit } from '../platform/http/apiError';
import { lastRecordedBy } from '../platform/changes/changedBy';
import { endpointRoute } from '../platform/http/endpointRoute';
import { lockCustomStatusIds, saveCustomStatusOrder } from './statusQueries';
import customStatusEntity from '../../src/resources/statuses/customStatus.entity';
import { withChangeRecords } from '../platform/changes/recordChange';
import type { Database } from '../platform/db/database';
import { recordsByIds } from '../platform/entities/entityRepository';

/** The board order of the custom statuses, saved as one change (not one request per status). */
export function registerCustomStatusRoutes(app: FastifyInstance) {
  endpointRoute(app, reorderCustomStatuses, async (request) => {
    const { ids } = request.body;
    if (new Set(ids).size !== ids.length) throw badRequest('Ein Status steht doppelt in der Reihenfolge.');
    return app.db.transaction().execute(async (trx) => {
      const known = await lockCustomStatusIds(trx);
      if (known.length !== ids.length || !ids.every((id) => known.includes(id))) {
        const by = await lastRecordedBy(trx, customStatusEntity.name);
        throw staleEdit(by, {
          subject: 'Die Status',
          retry: 'Bitte laden Sie die Seite neu.',
          did: 'geändert (angelegt oder gelöscht)',
          plural: true,
        });
      }
      // Each status whose place changed is a change of that status in the Änderungsverlauf.
      const subject = {
        actor: request.caller!,
        area: customStatusEntity.name,
        fields: customStatusEntity.fields.map((f) => f.source),
        read: async (trx: Database) =>
          new Map((await recordsByIds(trx, customStatusEntity, ids)).map((r) => [r.id, r])),
      };
      await withChangeRecords(trx, subject, () => saveCustomStatusOrder(trx, ids, request.caller!.name));
      return { ids };
    });
  });
}
