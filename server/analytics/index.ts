import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerAnalyticsRoutes } from './analyticsRoutes';

/**
 * Nutzung: sessions and file downloads recorded, the report for admins
 *
 * Nutzungsstatistik: records sign-ins and file downloads, reports usage.
 */
export default defineServerArea({
  async plugin(app) {
    registerAnalyticsRoutes(app);
  },
});
