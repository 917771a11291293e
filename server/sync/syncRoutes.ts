import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { badRequest } from '../platform/http/apiError';
import { IMPORT_FILES } from './importFiles';
import { findImportFiles } from './runSync';
import { syncJob } from './syncJob';
import { openRun } from '../platform/jobs/trackedRun';
import { latestSyncRun, syncLogPage } from './syncQueries';
import { getSyncLog, getSyncStatus, startSync } from '../../src/resources/sync/sync.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';

/** The data sync (the client's path etl/sync/daten): start, state and log, APP_ADMIN only. */
export function registerSyncRoutes(app: FastifyInstance, importDir: string) {
  const { db, jobs } = app;
  const job = syncJob(importDir);
  jobs.register(job);
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

  endpointRoute(app, getSyncStatus, status);

  endpointRoute(app, startSync, async (request) => {
    const files = await findImportFiles(importDir);
    if (files.length === 0) {
      const names = IMPORT_FILES.map((f) => f.name).join(', ');
      throw badRequest(
        `Im Importordner ${importDir} liegt keine Importdatei (${names} als .csv oder .jsonl).`,
      );
    }
    const caller = request.caller!;
    await db.transaction().execute(async (trx) => {
      const runId = await openRun(
        trx,
        'etl_sync_run',
        caller,
        'Ein Datenabgleich läuft gerade schon. Bitte warten Sie, bis er fertig ist.',
      );
      const data = { runId, logging: request.query.logging ?? false, by: `Datenabgleich (${caller.name})` };
      await jobs.send(job, data, { db: trx });
    });
    jobs.wake(job);
    return status();
  });

  endpointRoute(app, getSyncLog, async (request) => {
    const { runId, page = 1, perPage = 50, onlyProblems } = request.query;
    return syncLogPage(db, runId, page, perPage, onlyProblems ?? false);
  });
}
