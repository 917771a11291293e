import type { FastifyInstance } from 'fastify';
import { companyToday } from '../../src/config/companyTime';
import {
  countNpsAnswers as countEndpoint,
  exportNpsAnswers,
  getNpsAnswer,
  getNpsAnswers,
  getNpsCustomerOptions,
  getNpsFilterOptions,
  getNpsStatistics,
  saveNpsAnswer as saveEndpoint,
  type NpsFilterValues,
} from '../../src/resources/nps/nps.endpoints';
import { sendSheet } from '../platform/excel/excelExport';
import { badRequest, notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import {
  countNpsAnswers,
  findNpsAnswer,
  listNpsAnswers,
  npsCustomerOptions,
  npsFilterOptions,
} from './npsQueries';
import { npsStatistics } from './npsStatisticsQueries';
import { saveNpsAnswer } from './saveNpsAnswer';
import { npsExport } from './exportNpsAnswers';

/** Only the filter fields of a query (sort and paging stay out). */
function filterOf(query: NpsFilterValues): NpsFilterValues {
  const { from, to, branchId, sellerId, category, withComment } = query;
  if (from && to && from > to) {
    throw badRequest('Bitte prüfen Sie den Zeitraum.', {
      to: 'Das Ende liegt vor dem Anfang des Zeitraums.',
    });
  }
  return { from, to, branchId, sellerId, category, withComment };
}

/** The NPS area's calls (the client's nps/… paths), all for APP_NPS. */
export function registerNpsRoutes(app: FastifyInstance) {
  const { db, timeZone } = app;

  endpointRoute(app, getNpsAnswers, async (request) => {
    const { page = 1, perPage = 25, sort, order } = request.query;
    return listNpsAnswers(db, timeZone, filterOf(request.query), { sort, order }, page, perPage);
  });

  endpointRoute(app, countEndpoint, async (request) => ({
    total: await countNpsAnswers(db, timeZone, filterOf(request.query)),
  }));

  endpointRoute(app, getNpsAnswer, async (request) => {
    const answer = await findNpsAnswer(db, request.params.id);
    if (!answer) throw notFound('Diese NPS-Antwort gibt es nicht (mehr).');
    return answer;
  });

  endpointRoute(app, saveEndpoint, async (request, _reply, trx) => {
    const id = await saveNpsAnswer(trx, timeZone, request.caller!, request.body);
    // Read through the same transaction: with an Idempotency-Key the answer is not committed yet.
    return (await findNpsAnswer(trx, id))!;
  });

  endpointRoute(app, getNpsStatistics, async (request) =>
    npsStatistics(app.readDb(request), timeZone, filterOf(request.query)),
  );

  endpointRoute(app, exportNpsAnswers, async (request, reply) => {
    const filter = filterOf(request.query);
    const spec = npsExport(timeZone, filter, request.query);
    return sendSheet(request, reply, app.readDb(request), {
      spec,
      fileName: `NPS_${companyToday(timeZone)}.xlsx`,
      subject: 'NPS-Antworten (Liste)',
    });
  });

  endpointRoute(app, getNpsFilterOptions, async () => npsFilterOptions(db));

  endpointRoute(app, getNpsCustomerOptions, async (request) =>
    npsCustomerOptions(db, request.query.q, request.query.id),
  );
}
