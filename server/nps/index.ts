import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerNpsRoutes } from './npsRoutes';
import { publicSurveyRoutes } from './publicSurveyRoutes';
import { registerSurveyRoutes } from './surveyRoutes';

// What another area needs to send a survey as this area does (the automation's survey mail).
export { recordSurvey, surveySettings } from './surveyQueries';
export { newSurveyToken, surveyTokenHash } from './surveyToken';

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
