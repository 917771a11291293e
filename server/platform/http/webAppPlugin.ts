import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { withTenantHead, type TenantHead } from './tenantPage';
import {
  isLandingAddress,
  LANDING_HTML,
  msalBeforeRender,
  SIGNED_IN_HTML,
} from '../../../src/auth/msalPages.rules';
import { isOutlookPaneAddress, OFFICE_JS_URL } from '../../../src/auth/outlookPane.rules';

// Vite's output: assets/<name>-<content hash>.<ext>, and the .br/.gz copies the build writes beside them.
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz))?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A page of the build with the tenant's head, kept in memory (a few kB each) until its file changes. */
interface TenantPage {
  html: string;
  etag: string;
  modified: number;
}

/**
 * The page `file` of the web root with the tenant's head: read again when the file changed since (a deployment
 * that replaces the build's files under a running instance), else from memory.
 */
function tenantPageReader(webRoot: string, file: string, head: TenantHead | undefined) {
  const full = path.join(webRoot, file);
  let kept: TenantPage | undefined;
  return (): TenantPage => {
    const modified = statSync(full).mtimeMs;
    if (kept?.modified === modified) return kept;
    const built = readFileSync(full, 'utf8');
    const html = head ? withTenantHead(built, head) : built;
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    kept = { html, etag, modified };
    return kept;
  };
}

/**
 * The Outlook side panel's page: signed-in.html with Office.js in its head, a classic script that runs before the
 * app's modules (as Office add-ins must load it), so the app knows at its start whether it runs inside Outlook.
 */
function withOfficeJs(read: () => TenantPage): () => TenantPage {
  let kept: { from: TenantPage; page: TenantPage } | undefined;
  return () => {
    const from = read();
    if (kept?.from === from) return kept.page;
    const html = from.html.replace('</head>', `<script src="${OFFICE_JS_URL}"></script></head>`);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    kept = { from, page: { html, etag, modified: from.modified } };
    return kept.page;
  };
}

/**
 * Serves the built web app; deep links (/crm/kunden/12) get index.html so the router takes over. Addresses
 * behind the sign-in get the build's signed-in.html: index.html that asks for MSAL's code at once
 * (build/signedInPreload.ts). The pages carry the tenant's head (`head`: title, favicon, theme colour, home-screen
 * icon), also when the service worker asks for them by name to keep them.
 * Unknown API paths answer a German 404 in the wrapper.
 */
export async function webAppPlugin(
  app: FastifyInstance,
  options: { webRoot: string; publicUrl: string; favicon?: string; head?: TenantHead },
) {
  const pages = new Map<string, () => TenantPage>();
  for (const file of ['index.html', SIGNED_IN_HTML, LANDING_HTML]) {
    if (!existsSync(path.join(options.webRoot, file))) continue;
    const read = tenantPageReader(options.webRoot, file, options.head);
    read(); // a page without the parts the head replaces stops the start, not the first visitor
    pages.set(file, read);
  }
  const hasApp = pages.has('index.html');
  const hasSignedInHtml = pages.has(SIGNED_IN_HTML);
  const hasLandingHtml = pages.has(LANDING_HTML);
  // Not among `pages`: no page of that name to ask for, only the pane's address gets it.
  const outlookPane = hasSignedInHtml ? withOfficeJs(pages.get(SIGNED_IN_HTML)!) : undefined;
  const sendPage = (
    request: { headers: { 'if-none-match'?: string } },
    reply: FastifyReply,
    file: string,
    read = pages.get(file)!,
  ) => {
    const page = read();
    reply.header('cache-control', 'no-cache').header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(page.html);
  };
  const publicHost = new URL(options.publicUrl).host;
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: options.webRoot,
      // One route for all files: listing the build (about 510 files, each a GET and a HEAD route) cost every
      // start about 0.1 s of CPU; an unknown file ends in the not-found handler all the same.
      wildcard: true,
      index: false,
      // The build wrote .br and .gz beside each asset: sent as they are to browsers that accept them.
      preCompressed: true,
      cacheControl: false,
      // The pages are sent from memory with the tenant's head (below), never as the build wrote them; a folder
      // ("/", "/assets/") is an address of the app, which the not-found handler answers.
      allowedPath: (pathName) => !pathName.endsWith('/') && !pages.has(pathName.replace(/^\//, '')),
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
    // A page asked for by its name (the service worker keeps index.html and signed-in.html).
    const named = url.split('?')[0]!.replace(/^\//, '');
    if ((request.method === 'GET' || request.method === 'HEAD') && pages.has(named)) {
      return sendPage(request, reply, named);
    }
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
    if (outlookPane && isOutlookPaneAddress(url))
      return sendPage(request, reply, SIGNED_IN_HTML, outlookPane);
    const page =
      hasLandingHtml && isLandingAddress(url)
        ? LANDING_HTML
        : hasSignedInHtml && msalBeforeRender(url.split('?')[0]!)
          ? SIGNED_IN_HTML
          : 'index.html';
    return sendPage(request, reply, page);
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
