import { defineServerArea } from '../platform/areas/defineServerArea';
import { loadEntities } from '../platform/entities/loadEntities';
import { registerChangeHistoryRoutes } from './changeHistoryRoutes';
import { pruneChangeHistory } from './pruneChanges';

/**
 * Änderungsverlauf: every change of a record (who, when, old → new) on the timelines, in the admin edit screens
 * and across all records in Admin, with export and retention
 *
 * The Änderungsverlauf: reading it (admin view, export, timelines, a record's history) and pruning it by the
 * retention set in Einstellungen. Recording lives in server/platform/changes (every write path uses it).
 */
export default defineServerArea({
  async plugin(app) {
    registerChangeHistoryRoutes(app, await loadEntities());
    app.jobs.register(pruneChangeHistory);
  },
});
