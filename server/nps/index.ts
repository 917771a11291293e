import type { FastifyInstance } from 'fastify';
import { registerNpsRoutes } from './npsRoutes';
import { publicSurveyRoutes } from './publicSurveyRoutes';
import { registerSurveyRoutes } from './surveyRoutes';

/** NPS (issue 18): answers, statistics, closing the loop, and the public survey with its own rate limit. */
export async function npsArea(app: FastifyInstance, options: { publicUrl: string }) {
  registerNpsRoutes(app);
  registerSurveyRoutes(app, options.publicUrl);
  await app.register(publicSurveyRoutes);
}
