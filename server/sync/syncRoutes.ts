import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { badRequest } from '../platform/http/apiError';
import { IMPORT_FILES } from './importFiles';
import { findImportFiles, runSync } from './runSync';
import { latestSyncRun, syncLogPage } from './syncQueries';
import { getSyncLog, getSyncStatus, startSync } from '../../src/resources/sync/sync.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { TENANT_COUNTRY } from '../../src/resources/country.rules';

/** The data sync (the client's path etl/sync/daten): start, state and log, APP_ADMIN only. */
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
    await jobs.start(
      'etl_sync_run',
      caller,
      'Ein Datenabgleich läuft gerade schon. Bitte warten Sie, bis er fertig ist.',
      (runId, report) =>
        runSync(
          db,
          runId,
          files,
          {
            logging: request.query.logging ?? false,
            by: `Datenabgleich (${caller.name})`,
            homeCountry: TENANT_COUNTRY[app.tenantId],
          },
          report,
        ),
    );
    return status();
  });

  endpointRoute(app, getSyncLog, async (request) => {
    const { runId, page = 1, perPage = 50, onlyProblems } = request.query;
    return syncLogPage(db, runId, page, perPage, onlyProblems ?? false);
  });
}
