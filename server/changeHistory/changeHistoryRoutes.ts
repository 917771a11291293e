import type { FastifyInstance } from 'fastify';
import { companyToday } from '../../src/config/companyTime';
import { hasAnyGroup } from '../../src/auth/groups';
import type { EntityDeclaration } from '../../src/resources/entity';
import {
  exportChanges,
  getChangeFilterOptions,
  getChanges,
  getChangesForCustomer,
  getChangesForRecord,
  getChangesForVorgang,
} from '../../src/resources/changeHistory/changeHistory.endpoints';
import { sendSheet } from '../platform/excel/excelExport';
import { badRequest, forbidden } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { changeAreas } from './changeAreas';
import { changeActors, changesPage, customerChanges, recordChanges, vorgangChanges } from './changeQueries';
import { describeChanges, type ChangeRow } from './describeChanges';
import { changeExport } from './exportChanges';

/** The Änderungsverlauf's reading side: admin view, export, timelines, a record's history. */
export function registerChangeHistoryRoutes(app: FastifyInstance, entities: readonly EntityDeclaration[]) {
  const { db } = app;
  const areas = changeAreas(entities);
  const byName = new Map(entities.map((e) => [e.name, e]));
  const describe = (rows: readonly ChangeRow[]) => describeChanges(db, rows, areas, byName, app.timeZone);
  const answer = async (page: { rows: ChangeRow[]; total: number }) => ({
    data: await describe(page.rows),
    total: page.total,
  });
  const checkedFilter = <T extends { from?: string; to?: string; area?: string }>(filter: T): T => {
    if (filter.from && filter.to && filter.from > filter.to) {
      throw badRequest('Der Zeitraum endet vor seinem Beginn.', { to: 'Bis muss nach Von liegen.' });
    }
    return filter;
  };

  endpointRoute(app, getChanges, async (request) =>
    answer(await changesPage(db, checkedFilter(request.query), app.timeZone, request.query)),
  );

  endpointRoute(app, getChangeFilterOptions, async () => ({
    areas: [...areas.values()]
      .map((area) => ({ id: area.key, name: area.label }))
      .sort((a, b) => a.name.localeCompare(b.name, 'de')),
    actors: await changeActors(db),
  }));

  endpointRoute(app, exportChanges, async (request, reply) => {
    const filter = checkedFilter(request.query);
    const spec = changeExport(filter, app.timeZone, describe);
    return sendSheet(request, reply, app.readDb(request), {
      spec,
      fileName: `Aenderungsverlauf_${companyToday(app.timeZone)}.xlsx`,
      subject: 'Änderungsverlauf',
    });
  });

  endpointRoute(app, getChangesForCustomer, async (request) =>
    answer(await customerChanges(db, request.params.id, request.caller!.oid, request.query)),
  );

  endpointRoute(app, getChangesForVorgang, async (request) =>
    answer(await vorgangChanges(db, request.params.id, request.query)),
  );

  endpointRoute(app, getChangesForRecord, async (request) => {
    const { area, id } = request.query;
    const entity = byName.get(area);
    if (!entity) throw badRequest(`Den Bereich „${area}“ gibt es nicht.`, { area: 'Unbekannter Bereich.' });
    // A record's history shows its values: only for those who may read that entity.
    if (!hasAnyGroup(request.caller!.groups, entity.access.read)) {
      throw forbidden('Sie dürfen diese Datensätze nicht sehen.');
    }
    return answer(await recordChanges(db, area, id, request.query));
  });
}
