import type { FastifyInstance } from 'fastify';
import { GROUPS } from '../../src/auth/groups';
import { fileExists, recordFileDownload, recordLogin, usageReport } from './analyticsQueries';
import { reportPeriod } from './reportPeriod';
import { forbidden, notFound } from '../platform/http/apiError';
import { wrapped } from '../platform/http/wrapped';

const recorded = wrapped({ type: 'object', properties: { recorded: { type: 'boolean' } } });

/** Usage analytics (SPEC §4, §7): sign-ins and downloads are recorded; APP_ADMIN sees the report. */
export function registerAnalyticsRoutes(app: FastifyInstance) {
  const { db } = app;
  app.post(
    '/api/analytics/trackLogin',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['Nutzungsstatistik'],
        summary: 'Anmeldung protokollieren',
        response: { 200: recorded },
      },
    },
    async (request) => {
      const caller = request.caller!;
      if (caller.groups.length === 0) throw forbidden('Ihnen sind keine AD-Gruppen zugeordnet.');
      await recordLogin(db, caller);
      return { recorded: true };
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/analytics/trackFileDownload/:id',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['Nutzungsstatistik'],
        summary: 'Download einer Datei protokollieren',
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
        response: { 200: recorded },
      },
    },
    async (request) => {
      const caller = request.caller!;
      if (caller.groups.length === 0) throw forbidden('Ihnen sind keine AD-Gruppen zugeordnet.');
      if (!(await fileExists(db, request.params.id))) throw notFound('Die Datei wurde nicht gefunden.');
      await recordFileDownload(db, caller, request.params.id);
      return { recorded: true };
    },
  );

  app.get<{ Querystring: { days: number; from?: string; to?: string } }>(
    '/api/analytics/report',
    {
      config: { access: { groups: [GROUPS.admin] } },
      schema: {
        tags: ['Nutzungsstatistik'],
        summary: 'Nutzungsbericht: Anmeldungen pro Tag, aktive Personen, meistgeladene Dateien',
        description: 'Zeitraum `from`–`to` (Tage in Wiener Zeit); ohne sie die letzten `days` Tage.',
        querystring: {
          type: 'object',
          properties: {
            days: { type: 'integer', minimum: 1, maximum: 366, default: 30 },
            from: { type: 'string', format: 'date' },
            to: { type: 'string', format: 'date' },
          },
        },
        response: { 200: wrapped({ type: 'object', additionalProperties: true }) },
      },
    },
    async (request) => {
      const period = reportPeriod(request.query);
      const { from, to } = period;
      return { ...period, ...(await usageReport(db, from, to)) };
    },
  );
}
