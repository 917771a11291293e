// Serves a build of Atomic CRM's demo like a real host: brotli/gzip compression, long caching of the
// hashed assets, index.html for any other path (single-page app), on ATOMIC_CRM_PORT (default 4323).
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Starts the static server over `dist`; resolves with its origin and a function that stops it. */
export async function serveAtomicCrm(
  dist: string,
  port = Number(process.env.ATOMIC_CRM_PORT ?? 4323),
): Promise<{ url: string; close: () => Promise<void> }> {
  const root = resolve(dist);
  if (!existsSync(`${root}/index.html`)) {
    throw new Error(
      `${root}/index.html fehlt: zuerst Atomic CRM mit "npm run build:demo" bauen (bench/README.md).`,
    );
  }
  const app = Fastify({ logger: false });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  await app.register(fastifyStatic, {
    root,
    setHeaders: (reply, path) => {
      if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.setNotFoundHandler((_request, reply) => reply.sendFile('index.html'));
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}
