import { defineServerArea } from '../platform/areas/defineServerArea';
import { AutomationEngine, eventsJob, timeTriggersJob } from './automationEngine';
import { runJob } from './runQueue';
import { installStarterRecipes } from './starterRecipes';
import { registerAutomationRoutes } from './automationRoutes';
import type { Database } from '../platform/db/database';

export { automationTimelineEntries } from './timelineEntryQueries';

// The engine of the instance that owns a database handle: tests set its clock and drive it.
const engines = new WeakMap<Database, AutomationEngine>();

// The automation engine working on this instance's database handle (tests).
export const automationEngineOf = (db: Database): AutomationEngine | undefined => engines.get(db);

/**
 * Automatisierung: triggers on records (a Beleg from the ERP, a new Eigener Status, a date offset in working
 * days, no activity, an NPS answer), conditions and actions (todo, mail, field, notification, webhook), the
 * run log and Simulieren; the starter recipes
 *
 * Each run is a job of the job library; the model is in README.md beside this file.
 */
export default defineServerArea({
  async plugin(app, options) {
    const engine = new AutomationEngine({
      db: app.db,
      zone: app.timeZone,
      jobs: app.jobs,
      publicUrl: options.publicUrl,
      log: app.log,
    });
    app.jobs.register(runJob);
    app.jobs.register(eventsJob);
    app.jobs.register(timeTriggersJob);
    registerAutomationRoutes(app, engine.deps);
    engines.set(app.db, engine);
    app.addHook('onReady', async () => {
      engine.start();
      // The starter recipes, as drafts for the administration to switch on (the demo's seed switched them on).
      await installStarterRecipes(app.db, false).catch((error: unknown) =>
        app.log.warn({ err: error }, 'Automatisierung: Startrezepte nicht angelegt'),
      );
    });
    app.addHook('onClose', async () => engine.stop());
  },
});
