import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerNpsRoutes } from './npsRoutes';
import { publicSurveyRoutes } from './publicSurveyRoutes';
import { registerSurveyRoutes } from './surveyRoutes';

/**
 * NPS: answers, statistics, follow-up, survey mails and the public survey page
 *
 * NPS: answers, statistics, closing the loop, and the public survey with its own rate limit.
 */
export default defineServerArea({
  async plugin(app, options) {
    registerNpsRoutes(app);
    registerSurveyRoutes(app, options.publicUrl);
    await app.register(publicSurveyRoutes);
  },
});
