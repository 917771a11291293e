import activityEntity from '../../src/resources/activities/activity.entity';
import { defineServerArea, hooksOf } from '../platform/areas/defineServerArea';
import { activityHooks } from './activityHooks';
import { registerActivityRoutes } from './activityRoutes';

/**
 * Aktivitäten across customers: list, filters, Excel export, the chart per seller and week (a tab beside Todos);
 * the Gründe of activities and the labels each sets (Admin)
 *
 * Activities across customers: the chart per seller and week, and what saving an activity does besides storing it
 * (CRUD comes from activity.entity.ts).
 */
export default defineServerArea({
  async plugin(app) {
    registerActivityRoutes(app);
  },
  entityHooks: (timeZone) => [hooksOf(activityEntity, activityHooks(timeZone))],
});
