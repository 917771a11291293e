import type { FastifyInstance } from 'fastify';
import { graphError } from './standInGraphError';

interface BatchItem {
  id: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** `$batch`: 1 to 20 requests, each answered by the stand-in's own routes with the caller's token. */
export function registerStandInBatchRoute(app: FastifyInstance) {
  app.post<{ Body: { requests?: BatchItem[] } }>('/v1.0/$batch', async (request, reply) => {
    const requests = request.body?.requests ?? [];
    if (requests.length === 0 || requests.length > 20) {
      return graphError(reply, 400, 'BadRequest', 'A batch holds 1 to 20 requests.');
    }
    const base = request.url.replace(/\/\$batch.*$/, '');
    const responses = [];
    for (const item of requests) {
      const answer = await app.inject({
        method: item.method as 'GET',
        url: `${base}${item.url.startsWith('/') ? '' : '/'}${item.url}`,
        headers: {
          ...(item.headers ?? {}),
          authorization: request.headers.authorization ?? '',
          prefer: item.headers?.Prefer ?? item.headers?.prefer ?? String(request.headers.prefer ?? ''),
        },
        ...(item.body === undefined ? {} : { payload: item.body as object }),
      });
      const headers: Record<string, string> = {};
      const retryAfter = answer.headers['retry-after'];
      if (retryAfter) headers['Retry-After'] = String(retryAfter);
      responses.push({
        id: item.id,
        status: answer.statusCode,
        headers,
        body: answer.body ? (JSON.parse(answer.body) as unknown) : undefined,
      });
    }
    return { responses };
  });
}
