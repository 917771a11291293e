import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { GROUPS } from '../../src/auth/groups';
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
      await sql`INSERT INTO analytics_event (kind, user_oid, user_name) VALUES ('login', ${caller.oid}, ${caller.name})`.execute(
        db,
      );
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
      const file = await sql`SELECT 1 FROM stored_file WHERE id = ${request.params.id}`.execute(db);
      if (file.rows.length === 0) throw notFound('Die Datei wurde nicht gefunden.');
      await sql`INSERT INTO analytics_event (kind, user_oid, user_name, file_id)
                VALUES ('file_download', ${caller.oid}, ${caller.name}, ${request.params.id})`.execute(db);
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
      // Days in Vienna/Berlin time, with zero-days filled, so the chart has no gaps.
      const perDay = await sql<{ day: string; logins: number; users: number }>`
        SELECT to_char(d, 'YYYY-MM-DD') AS day,
               count(e.id)::int AS logins,
               count(DISTINCT e.user_oid)::int AS users
        FROM generate_series(${from}::date, ${to}::date, interval '1 day') d
        LEFT JOIN analytics_event e
          ON e.kind = 'login' AND (e.occurred_at AT TIME ZONE 'Europe/Vienna')::date = d::date
        GROUP BY d ORDER BY d`.execute(db);
      const active = await sql<{ last7: number; last30: number; period: number }>`
        SELECT count(DISTINCT user_oid) FILTER (WHERE occurred_at > now() - interval '7 days')::int AS last7,
               count(DISTINCT user_oid) FILTER (WHERE occurred_at > now() - interval '30 days')::int AS last30,
               count(DISTINCT user_oid) FILTER (
                 WHERE (occurred_at AT TIME ZONE 'Europe/Vienna')::date BETWEEN ${from}::date AND ${to}::date
               )::int AS period
        FROM analytics_event WHERE kind = 'login'`.execute(db);
      const downloads = await sql<{ fileId: number; name: string; downloads: number; users: number }>`
        SELECT f.id AS "fileId", f.original_name AS name, count(*)::int AS downloads, count(DISTINCT e.user_oid)::int AS users
        FROM analytics_event e JOIN stored_file f ON f.id = e.file_id
        WHERE e.kind = 'file_download'
          AND (e.occurred_at AT TIME ZONE 'Europe/Vienna')::date BETWEEN ${from}::date AND ${to}::date
        GROUP BY f.id, f.original_name ORDER BY downloads DESC, name LIMIT 10`.execute(db);
      return {
        ...period,
        loginsPerDay: perDay.rows,
        activeUsers: active.rows[0],
        topDownloads: downloads.rows,
      };
    },
  );
}
