import type { FastifyInstance } from 'fastify';
import { getKeptAnswers } from '../../src/resources/dashboard/keptAnswers.endpoints';
import { keptRecordOfKey } from '../../src/offline/kept/keptPaths.rules';
import { badRequest } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';

/** How many of the named calls run at the same time: a fill must not crowd out the person's own calls. */
const AT_ONCE = 4;

/**
 * The kept copy's fill in a few calls: each named GET is answered in-process (Fastify's inject) with the caller's
 * own token, so every check of that call (group, branch, ownership, erasure) applies unchanged; a refusal comes
 * back as its status, not as a failure of the whole fill. Only the answers a device keeps may be named.
 */
export function registerKeptAnswersRoute(app: FastifyInstance) {
  endpointRoute(app, getKeptAnswers, async (request) => {
    const { paths } = request.body;
    const notKept = paths.find((p) => {
      const [path = ''] = p.split('?', 1);
      return path.startsWith('/') || path.includes('..') || keptRecordOfKey(p) === null;
    });
    if (notKept !== undefined)
      throw badRequest(`„${notKept.slice(0, 80)}“ gehört nicht zur Offline-Kopie.`, {
        paths: 'Nur Abfragen der Offline-Kopie (Mein Tag, Kunden- und Vorgangsseiten) sind erlaubt.',
      });
    const headers = {
      authorization: request.headers.authorization ?? '',
      'x-request-id': String(request.id),
    };
    const answers: { path: string; statusCode: number; result: unknown }[] = [];
    for (let start = 0; start < paths.length; start += AT_ONCE) {
      const batch = await Promise.all(
        paths.slice(start, start + AT_ONCE).map(async (path) => {
          const response = await app.inject({ method: 'GET', url: `/api/${path}`, headers });
          const envelope = response.json<{ statusCode?: number; result?: unknown }>();
          const statusCode = envelope.statusCode ?? response.statusCode;
          return { path, statusCode, result: statusCode === 200 ? envelope.result : null };
        }),
      );
      answers.push(...batch);
    }
    return { answers };
  });
}
