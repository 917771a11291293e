import { defineServerArea } from '../platform/areas/defineServerArea';
import { schedulePeriodicJob } from '../platform/jobs/periodicJob';
import { AutomationEngine } from './automationEngine';
import { registerAutomationRoutes } from './automationRoutes';
import type { Database } from '../platform/db/database';

// The engine of the instance that owns a database handle: tests kick it and set its clock.
const engines = new WeakMap<Database, AutomationEngine>();

/** The automation engine working on this instance's database handle (tests). */
export const automationEngineOf = (db: Database): AutomationEngine | undefined => engines.get(db);

/**
 * Automations: triggers on records (a Beleg from the ERP, a new Eigener Status, a date, no activity, an NPS
 * answer), conditions, actions (todo, mail, field, notification, webhook), worked off safely by every instance
 * (README.md beside this file).
 */
export default defineServerArea({
  async plugin(app, options) {
    const engine = new AutomationEngine({
      db: app.db,
      zone: app.timeZone,
      mailer: app.mailer,
      publicUrl: options.publicUrl,
      log: app.log,
    });
    registerAutomationRoutes(app, engine.deps);
    engines.set(app.db, engine);
    let stopJobs: (() => void)[] = [];
    app.addHook('onReady', async () => {
      engine.start();
      stopJobs = [
        schedulePeriodicJob(app.db, app.log, engine.sweepJob()),
        schedulePeriodicJob(app.db, app.log, engine.stuckJob()),
      ];
    });
    app.addHook('onClose', async () => {
      for (const stop of stopJobs) stop();
      await engine.stop();
    });
  },
});

