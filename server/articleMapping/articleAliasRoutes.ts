import type { FastifyInstance } from 'fastify';
import { GROUPS } from '../../src/auth/groups';
import { patternProblem } from '../../src/resources/articleAliases/articlePattern.rules';
import { errorResponse, wrapped } from '../platform/http/wrapped';
import { articlesMatching } from './articleAliasQueries';

/** The tester shows this many matching articles; the total counts them all. */
const SHOWN_MATCHES = 50;
const INVALID_REGULAR_EXPRESSION = '2201B';

/** The article-alias tester (SPEC §7 adminExtended/testRegexArticleAlias), APP_ADMIN only. */
export function registerArticleAliasRoutes(app: FastifyInstance) {
  const { db } = app;
  app.post<{ Body: { pattern: string } }>(
    '/api/adminExtended/testRegexArticleAlias',
    {
      config: { access: { groups: [GROUPS.admin] } },
      schema: {
        tags: ['Artikel'],
        summary:
          'Muster testen: welche Artikelnummern passen (ungültige Muster: deutsche Meldung, kein Fehler)',
        body: {
          type: 'object',
          properties: { pattern: { type: 'string', maxLength: 200 } },
          required: ['pattern'],
        },
        response: {
          200: wrapped({
            type: 'object',
            properties: {
              valid: { type: 'boolean' },
              message: { type: 'string' },
              total: { type: 'integer' },
              matches: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    articleNumber: { type: 'string' },
                    name: { type: 'string' },
                  },
                },
              },
            },
          }),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request) => {
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
    },
  );
}
