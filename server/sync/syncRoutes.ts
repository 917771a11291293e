import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import path from 'node:path';
import { badRequest } from '../platform/http/apiError';
import { IMPORT_FILES } from './importFiles';
import { findImportFiles, runSync } from './runSync';
import type { ResultOf } from '../../src/api/endpoint';
import {
  getSyncLog,
  getSyncStatus,
  startSync,
  type SyncRun,
} from '../../src/resources/dataSync/dataSync.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';

type LogLine = ResultOf<typeof getSyncLog>['data'][number];

/** The data sync (SPEC §7 etl/sync/daten): start, state and log, APP_ADMIN only. */
export function registerSyncRoutes(app: FastifyInstance, importDir: string) {
  const { db, jobs } = app;
  const status = async () => {
    const files = await findImportFiles(importDir);
    const runs = await sql<SyncRun>`
      SELECT id, state, processed, total, current_file AS "currentFile", created_rows AS created,
             updated_rows AS updated, unchanged_rows AS unchanged, rejected_rows AS rejected,
             started_by AS "startedBy", started_at AS "startedAt", finished_at AS "finishedAt", error
      FROM etl_sync_run ORDER BY id DESC LIMIT 1`.execute(db);
    return {
      folder: importDir,
      files: files.map((f) => ({
        file: path.basename(f.path),
        label: f.kind.label,
        size: f.size,
        modifiedAt: f.modifiedAt,
      })),
      run: runs.rows[0] ?? null,
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
          { logging: request.query.logging ?? false, by: `Datenabgleich (${caller.name})` },
          report,
        ),
    );
    return status();
  });

  endpointRoute(app, getSyncLog, async (request) => {
    const { runId, page = 1, perPage = 50, onlyProblems } = request.query;
    const problems = onlyProblems ? sql`AND level <> 'info'` : sql``;
    const [rows, count] = await Promise.all([
      sql<LogLine>`SELECT id, level, file, line, message, logged_at AS "loggedAt" FROM etl_sync_log
            WHERE run_id = ${runId} ${problems} ORDER BY id LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.execute(
        db,
      ),
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM etl_sync_log WHERE run_id = ${runId} ${problems}`.execute(db),
    ]);
    return { total: count.rows[0]?.n ?? 0, data: rows.rows };
  });
}
