import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { GROUPS } from '../../src/auth/groups';
import { badRequest } from '../platform/http/apiError';
import { errorResponse, wrapped } from '../platform/http/wrapped';
import { IMPORT_FILES } from './importFiles';
import { findImportFiles, runSync } from './runSync';
import { latestSyncRun, syncLogPage } from './syncQueries';

const admin = { access: { groups: [GROUPS.admin] } };
const tags = ['Datenabgleich'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
const nullable = (type: string) => ({ type: [type, 'null'] });

const statusSchema = wrapped({
  type: 'object',
  properties: {
    folder: { type: 'string' },
    files: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          file: { type: 'string' },
          label: { type: 'string' },
          size: { type: 'integer' },
          modifiedAt: { type: 'string' },
        },
      },
    },
    run: {
      type: ['object', 'null'],
      properties: {
        id: { type: 'integer' },
        state: { type: 'string', enum: ['laeuft', 'fertig', 'fehler'] },
        processed: { type: 'integer' },
        total: { type: 'integer' },
        currentFile: nullable('string'),
        created: { type: 'integer' },
        updated: { type: 'integer' },
        unchanged: { type: 'integer' },
        rejected: { type: 'integer' },
        startedBy: nullable('string'),
        startedAt: { type: 'string' },
        finishedAt: nullable('string'),
        error: nullable('string'),
      },
    },
  },
});

/** The data sync (SPEC §7 etl/sync/daten): start, state and log, APP_ADMIN only. */
export function registerSyncRoutes(app: FastifyInstance, importDir: string) {
  const { db, jobs } = app;
  const status = async () => {
    const files = await findImportFiles(importDir);
    return {
      folder: importDir,
      files: files.map((f) => ({
        file: path.basename(f.path),
        label: f.kind.label,
        size: f.size,
        modifiedAt: f.modifiedAt,
      })),
      run: await latestSyncRun(db),
    };
  };

  app.get(
    '/api/etl/sync/status',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Importordner mit den gefundenen Dateien und der letzte Abgleich (Fortschritt, Zahlen, Fehler)',
        response: { 200: statusSchema, ...errors },
      },
    },
    status,
  );

  app.post<{ Querystring: { logging?: boolean } }>(
    '/api/etl/sync/daten',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Abgleich mit dem ERP-Export im Importordner starten (im Hintergrund; läuft schon einer: 409). ' +
          'logging=true protokolliert auch jede angelegte oder geänderte Zeile.',
        querystring: { type: 'object', properties: { logging: { type: 'boolean', default: false } } },
        response: { 200: statusSchema, 409: errorResponse, ...errors },
      },
    },
    async (request) => {
      const files = await findImportFiles(importDir);
      if (files.length === 0) {
        const names = IMPORT_FILES.map((f) => f.name).join(', ');
        throw badRequest(
          `Im Importordner ${importDir} liegt keine Importdatei (${names} als .csv oder .jsonl).`,
        );
      }
      const caller = request.caller!;
      await jobs.start(
        'etl_sync_run',
        caller,
        'Ein Datenabgleich läuft gerade schon. Bitte warten Sie, bis er fertig ist.',
        (runId, report) =>
          runSync(
            db,
            runId,
            files,
            { logging: request.query.logging ?? false, by: `Datenabgleich (${caller.name})` },
            report,
          ),
      );
      return status();
    },
  );

  app.get<{ Querystring: { runId: number; page: number; perPage: number; onlyProblems: boolean } }>(
    '/api/etl/sync/log',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Protokoll eines Abgleichs, seitenweise (onlyProblems: nur Warnungen und abgelehnte Zeilen)',
        querystring: {
          type: 'object',
          properties: {
            runId: { type: 'integer', minimum: 1 },
            page: { type: 'integer', minimum: 1, default: 1 },
            perPage: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
            onlyProblems: { type: 'boolean', default: false },
          },
          required: ['runId'],
        },
        response: {
          200: wrapped({
            type: 'object',
            properties: {
              total: { type: 'integer' },
              data: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    level: { type: 'string' },
                    file: nullable('string'),
                    line: nullable('integer'),
                    message: { type: 'string' },
                    loggedAt: { type: 'string' },
                  },
                },
              },
            },
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { runId, page, perPage, onlyProblems } = request.query;
      return syncLogPage(db, runId, page, perPage, onlyProblems);
    },
  );
}
