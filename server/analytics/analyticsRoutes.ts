import type { FastifyInstance } from 'fastify';
import {
  trackFileDownload,
  trackLogin,
  usageReport as usageReportEndpoint,
} from '../../src/resources/analytics/analytics.endpoints';
import { forbidden, notFound } from '../platform/http/apiError';
import { writesNothingReadBack } from '../platform/db/databasePlugin';
import { endpointRoute } from '../platform/http/endpointRoute';
import { fileExists, recordFileDownload, recordLogin, usageReport } from './analyticsQueries';
import { reportPeriod } from './reportPeriod';

const DEFAULT_DAYS = 30;

/**
 * Usage analytics: sign-ins (analytics/trackLogin once the guard lets a person in) and downloads are
 * recorded; APP_ADMIN sees the report.
 */
export function registerAnalyticsRoutes(app: FastifyInstance) {
  const { db } = app;

  endpointRoute(app, trackLogin, async (request) => {
    const caller = request.caller!;
    if (caller.groups.length === 0) throw forbidden('Ihnen sind keine AD-Gruppen zugeordnet.');
    await recordLogin(db, caller);
    writesNothingReadBack(request);
    return { recorded: true };
  });

  endpointRoute(app, trackFileDownload, async (request) => {
    const caller = request.caller!;
    if (caller.groups.length === 0) throw forbidden('Ihnen sind keine AD-Gruppen zugeordnet.');
    if (!(await fileExists(db, request.params.id))) throw notFound('Die Datei wurde nicht gefunden.');
    await recordFileDownload(db, caller, request.params.id);
    writesNothingReadBack(request);
    return { recorded: true };
  });

  endpointRoute(app, usageReportEndpoint, async (request) => {
    const period = reportPeriod({ ...request.query, days: request.query.days ?? DEFAULT_DAYS }, app.timeZone);
    return { ...period, ...(await usageReport(app.readDb(request), period.from, period.to, app.timeZone)) };
  });
}
