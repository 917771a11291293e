// Serves a build of Atomic CRM's demo like a real host: brotli/gzip compression, long caching of the
// hashed assets, index.html for any other path (single-page app), on ATOMIC_CRM_PORT (default 4323). The stack
// floor (bench/stackFloor.ts) serves its builds the same way, each variant's page in place of index.html.
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Starts the static server over `dist`; resolves with its origin and a function that stops it. `page` answers
 * every path that is no file.
 */
export async function serveAtomicCrm(
  dist: string,
  port = Number(process.env.ATOMIC_CRM_PORT ?? 4323),
  page = 'index.html',
): Promise<{ url: string; close: () => Promise<void> }> {
  const root = resolve(dist);
  if (!existsSync(`${root}/${page}`)) {
    throw new Error(
      `${root}/${page} fehlt: zuerst Atomic CRM mit "npm run build:demo" bauen (bench/README.md).`,
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
  app.setNotFoundHandler((_request, reply) => reply.sendFile(page));
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/**
 * Which Atomic CRM `dist` is a build of: its checkout's commit (short hash), or "Commit unbekannt". Its figures
 * move with its version, so every stamp names it.
 */
export function atomicCrmVersion(dist: string): string {
  const checkout = resolve(dist, '..');
  try {
    const [top, commit] = execFileSync('git', ['rev-parse', '--show-toplevel', '--short', 'HEAD'], {
      cwd: checkout,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .trim()
      .split('\n');
    // A build copied into some other repository's folder is not that repository's commit.
    return top === checkout && commit ? `Commit ${commit}` : 'Commit unbekannt';
  } catch {
    return 'Commit unbekannt';
  }
}
