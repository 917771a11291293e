import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerAnalyticsRoutes } from './analyticsRoutes';

/** Nutzungsstatistik: records sign-ins and file downloads, reports usage. */
export default defineServerArea({
  async plugin(app) {
    registerAnalyticsRoutes(app);
  },
});
