import { statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { run } from './processes';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The production entry point: the server's build (scripts/buildServer.mjs), plain JavaScript. */
export const SERVER_ENTRY = path.join(ROOT, 'dist-server', 'server', 'main.js');

/** The newest modification time of the files below `folder`. */
async function newestBelow(folder: string): Promise<number> {
  const entries = await readdir(path.join(ROOT, folder), { recursive: true, withFileTypes: true });
  let newest = 0;
  for (const entry of entries) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Builds the server (a few seconds) when its build is missing or older than its sources (server/, src/), so
 * the topology never runs yesterday's code; answers whether it built.
 */
export async function ensureServerBuild(): Promise<boolean> {
  const built = await stat(SERVER_ENTRY).then(
    (entry) => entry.mtimeMs,
    () => 0,
  );
  if (built) {
    const sources = Math.max(await newestBelow('server'), await newestBelow('src'));
    if (sources <= built) return false;
  }
  await run(process.execPath, [path.join(ROOT, 'scripts', 'buildServer.mjs')], { cwd: ROOT });
  return true;
}
