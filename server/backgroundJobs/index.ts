import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerFailedJobRoutes } from './failedJobRoutes';

/** Hintergrundaufgaben: the failed jobs of every area (the job library lives in server/platform/jobs). */
export default defineServerArea({
  async plugin(app) {
    registerFailedJobRoutes(app);
  },
});
