import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  isLandingAddress,
  LANDING_HTML,
  msalBeforeRender,
  SIGNED_IN_HTML,
} from '../../../src/auth/msalPages.rules';

// Vite's output: assets/<name>-<content hash>.<ext>, and the .br/.gz copies the build writes beside them.
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz))?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app; deep links (/crm/kunden/12) get index.html so the router takes over. Addresses
 * behind the sign-in get the build's signed-in.html: index.html that asks for MSAL's code at once
 * (build/signedInPreload.ts).
 * Unknown API paths answer a German 404 in the wrapper.
 */
export async function webAppPlugin(
  app: FastifyInstance,
  options: { webRoot: string; publicUrl: string; favicon?: string },
) {
  const hasApp = existsSync(path.join(options.webRoot, 'index.html'));
  const hasSignedInHtml = existsSync(path.join(options.webRoot, SIGNED_IN_HTML));
  const hasLandingHtml = existsSync(path.join(options.webRoot, LANDING_HTML));
  const publicHost = new URL(options.publicUrl).host;
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: options.webRoot,
      wildcard: false,
      index: false,
      // The build wrote .br and .gz beside each asset: sent as they are to browsers that accept them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, filePath) => {
        // Hashed file names change with their content, so they may be kept for good; the rest is revalidated.
        response.header('cache-control', HASHED_ASSET.test(filePath) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  // A favicon.ico of the build itself is served as a file like the others (a second route would clash).
  if (options.favicon && !existsSync(path.join(options.webRoot, 'favicon.ico'))) {
    registerFaviconIco(app, options.webRoot, options.favicon, hasApp);
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    if (url.startsWith('/api/')) {
      return reply
        .code(404)
        .send({ statusCode: 404, result: { message: 'Diese Schnittstelle gibt es nicht.' } });
    }
    // HEAD (curl -I, link checkers) is answered like GET, without the body.
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      /\.[a-z0-9]+(\?|$)/i.test(url.split('?')[0]!)
    ) {
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
    const page =
      hasLandingHtml && isLandingAddress(url)
        ? LANDING_HTML
        : hasSignedInHtml && msalBeforeRender(url.split('?')[0]!)
          ? SIGNED_IN_HTML
          : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
}

/**
 * /favicon.ico, which browsers ask for on every page that names no icon (the sign-in service's /oidc pages
 * answered 404): the tenant's favicon (FAVICON), a file of the web app sent as it is
 * (its own type, e.g. image/svg+xml), an icon elsewhere by a redirect.
 */
function registerFaviconIco(app: FastifyInstance, webRoot: string, favicon: string, hasApp: boolean) {
  const local = favicon.startsWith('/') && !favicon.startsWith('//');
  const file = local ? path.join(webRoot, path.normalize(favicon)) : null;
  app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) => {
    if (!local) return reply.redirect(favicon, 302);
    if (!hasApp || !file!.startsWith(webRoot + path.sep) || !existsSync(file!)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Nicht gefunden.');
    }
    return reply.header('cache-control', 'no-cache').sendFile(path.relative(webRoot, file!));
  });
}
