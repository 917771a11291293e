import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves the built web app; deep links (/crm/kunden/12) get index.html so the router takes over.
 * Unknown API paths answer a German 404 in the wrapper.
 */
export async function webAppPlugin(app: FastifyInstance, options: { webRoot: string; publicUrl: string }) {
  const hasApp = existsSync(path.join(options.webRoot, 'index.html'));
  const publicHost = new URL(options.publicUrl).host;
  if (hasApp) {
    await app.register(fastifyStatic, { root: options.webRoot, wildcard: false, index: false });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    if (url.startsWith('/api/')) {
      return reply
        .code(404)
        .send({ statusCode: 404, result: { message: 'Diese Schnittstelle gibt es nicht.' } });
    }
    if (request.method !== 'GET' || /\.[a-z0-9]+(\?|$)/i.test(url.split('?')[0]!)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Nicht gefunden.');
    }
    // One origin for app and sign-in: session cookies and redirect URIs are bound to it.
    if (request.headers.host && request.headers.host !== publicHost) {
      return reply.redirect(`${options.publicUrl}${url}`, 302);
    }
    if (!hasApp) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('Die Web-App ist noch nicht gebaut. Bitte "npm run build" ausführen (oder "npm start").');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
