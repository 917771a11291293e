import { defineJob } from '../platform/jobs/defineJob';
import { workOnRun } from '../platform/jobs/trackedRun';
import { TENANT_COUNTRY } from '../../src/resources/country.rules';
import { findImportFiles, runSync } from './runSync';

/** What a sync run was started with. */
export interface SyncJobData {
  runId: number;
  logging: boolean;
  /** Who the Änderungsverlauf names for its changes. */
  by: string;
}

/**
 * The data sync of run `runId` over the import folder `importDir` (every instance sees the same one); never two
 * at once across the instances. A sync whose instance died is started anew on another one (it only writes
 * what differs, so reading the files again is harmless).
 */
export const syncJob = (importDir: string) =>
  defineJob<SyncJobData>({
    name: 'sync.run',
    label: 'Datenabgleich',
    policy: 'singleton',
    retryLimit: 1,
    expireInSeconds: 4 * 60 * 60,
    describe: ({ runId }) => `Abgleich Nr. ${runId}`,
    run: async ({ runId, logging, by }, { app, lastTry }) =>
      workOnRun(app.db, 'etl_sync_run', runId, lastTry, async (report) => {
        const files = await findImportFiles(importDir);
        await runSync(
          app.db,
          runId,
          files,
          { logging, by, homeCountry: TENANT_COUNTRY[app.tenantId] },
          report,
        );
      }),
  });
