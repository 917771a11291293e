import fp from 'fastify-plugin';
import { IDEMPOTENCY_HEADER } from '../../../src/api/idempotency.rules';
import { ApiError } from '../http/apiError';

/** Where this instance is in its life: serving, or draining before it stops (readiness answers 503). */
export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export const drainingMessage = 'Diese Instanz wird heruntergefahren. Bitte wiederholen Sie die Anfrage.';

// The methods a proxy repeats on another instance after a 503 (nginx: all but POST, PATCH and LOCK).
const NOT_REPEATED = new Set(['POST', 'PATCH', 'LOCK']);
const KEY_HEADER = IDEMPOTENCY_HEADER.toLowerCase();

/**
 * Whether a proxy may send this request again to another instance: a read, or a write that carries an
 * Idempotency-Key (the server stores its answer, so a repeat never acts twice). Not an upload: the proxy
 * streams its body through without keeping it, so it has nothing to send again.
 */
export function mayBeRepeated(method: string, headers: Record<string, string | string[] | undefined>) {
  if (String(headers['content-type'] ?? '').startsWith('multipart/')) return false;
  return !NOT_REPEATED.has(method) || Boolean(headers[KEY_HEADER]);
}

/**
 * Provides `app.lifecycle`, which shutdown sets and the readiness check reads. While the instance drains,
 * every answer says `Connection: close` (a proxy keeping connections open opens its next one elsewhere), and a
 * new request a proxy may repeat is refused with 503 before anything is done: nginx sends it to another
 * instance and counts the failure (max_fails), so it stops sending here before the listener closes. Closing
 * the listener resets the connections nginx has opened but the instance not yet read; nginx repeats such a
 * request only when it may be repeated, so the fewer that arrive then, the better. A write without a key is
 * still served until the listener closes: a 503 for it would reach the person (nginx never repeats it).
 * The health checks and /metrics answer as always.
 */
export const lifecyclePlugin = fp(async (app) => {
  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  app.addHook('onRequest', async (request, reply) => {
    if (!lifecycle.draining) return;
    reply.header('connection', 'close');
    const path = request.url;
    if (path.startsWith('/api/health') || path.startsWith('/metrics')) return;
    if (!mayBeRepeated(request.method, request.headers)) return;
    reply.header('retry-after', '1');
    throw new ApiError(503, drainingMessage);
  });
});
