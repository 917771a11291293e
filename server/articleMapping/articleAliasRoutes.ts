import type { FastifyInstance } from 'fastify';
import { patternProblem } from '../../src/resources/articleMapping/articlePattern.rules';
import { articlesMatching } from './articleAliasQueries';
import { testRegexArticleAlias } from '../../src/resources/articleMapping/articleAliases.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';

/** The tester shows this many matching articles; the total counts them all. */
const SHOWN_MATCHES = 50;
const INVALID_REGULAR_EXPRESSION = '2201B';

/** The article-alias tester (the client's path adminExtended/testRegexArticleAlias), APP_ADMIN only. */
export function registerArticleAliasRoutes(app: FastifyInstance) {
  const { db } = app;
  endpointRoute(app, testRegexArticleAlias, async (request) => {
    const pattern = request.body.pattern.trim();
    const problem = pattern ? patternProblem(pattern) : 'Bitte geben Sie ein Muster ein.';
    if (problem) return { valid: false, message: problem, total: 0, matches: [] };
    try {
      const rows = await articlesMatching(db, pattern, SHOWN_MATCHES);
      return {
        valid: true,
        total: rows[0]?.total ?? 0,
        matches: rows.map(({ total: _total, ...article }) => article),
      };
    } catch (error) {
      if ((error as { code?: string }).code !== INVALID_REGULAR_EXPRESSION) throw error;
      return {
        valid: false,
        message: 'Die Datenbank kann dieses Muster nicht auswerten.',
        total: 0,
        matches: [],
      };
    }
  });
}
