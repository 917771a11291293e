import type { FastifyInstance } from 'fastify';
import { commentProblem, scoreProblem } from '../../src/resources/nps/nps.rules';
import { answerSurvey, getSurvey } from '../../src/resources/nps/survey.endpoints';
import { badRequest, notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { ensureFollowUp, insertSurveyAnswer } from './npsQueries';
import { formalName } from '../../src/resources/customers/addressee.rules';
import { openSurvey, surveySettings } from './surveyQueries';
import { surveyTokenHash } from './surveyToken';
import { recordAnswerChange } from './saveNpsAnswer';

/** The customer answering through the survey link: no signed-in person, named as the answer names it. */
const SURVEY_ACTOR = { oid: null, name: 'Online-Umfrage' };

// One message for unknown, used and expired links: the page tells a guesser nothing.
const invalidLink = () =>
  notFound('Dieser Umfrage-Link ist nicht mehr gültig: Er wurde schon benutzt oder ist abgelaufen.');

/**
 * The public survey page's calls (no sign-in): read the survey of a link and answer it once. Their
 * declarations ask for the 'publicLink' rate limit (30 a minute per address), so guessing links is slow.
 */
export async function publicSurveyRoutes(app: FastifyInstance) {
  const { db, timeZone } = app;
  endpointRoute(app, getSurvey, async (request) => {
    const survey = await openSurvey(db, surveyTokenHash(request.params.token));
    if (!survey) throw invalidLink();
    const { company } = await surveySettings(db);
    return { addressee: formalName(survey), company: company || null };
  });

  endpointRoute(app, answerSurvey, async (request) => {
    const { score, comment } = request.body ?? {};
    const problems: Record<string, string> = {};
    const scoreText = scoreProblem(score);
    if (scoreText) problems.score = scoreText;
    const commentText = commentProblem(comment);
    if (commentText) problems.comment = commentText;
    if (Object.keys(problems).length) throw badRequest('Bitte prüfen Sie Ihre Angaben.', problems);
    const text = typeof comment === 'string' && comment.trim() ? comment.trim() : null;

    await db.transaction().execute(async (trx) => {
      // Locked, so two tabs sending at once cannot both use the link.
      const survey = await openSurvey(trx, surveyTokenHash(request.params.token), true);
      if (!survey) throw invalidLink();
      // Branch and seller as a captured answer gets them: from the Vorgang, else from the customer.
      const answerId = await insertSurveyAnswer(trx, survey, score as number, text);
      await trx
        .updateTable('nps_survey')
        .set({ used_at: new Date(), answer_id: answerId })
        .where('id', '=', survey.id)
        .execute();
      await ensureFollowUp(trx, answerId, timeZone, 'Online-Umfrage');
      await recordAnswerChange(trx, SURVEY_ACTOR, answerId, null);
    });
    return { saved: true };
  });
}
