// Lighthouse is not a dependency of the package: with its 70 packages (about 10,000 files) every `npm ci` of
// CI and of each clone unpacked it for a bench that is run by hand. The first bench run installs this pinned
// release from the npm registry into a cache folder outside the clone (LIGHTHOUSE_CACHE_DIR, default
// ~/.cache/fenster-crm); later runs load it from there.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const VERSION = '13.5.0';

/** The parts of Lighthouse's result (its `lhr`) the bench reads. */
export interface LighthouseResult {
  lhr: {
    runtimeError?: { code: string; message: string };
    finalDisplayedUrl: string;
    categories: Record<string, { score: number | null } | undefined>;
    audits: Record<string, { numericValue?: number } | undefined>;
  };
}

/** Lighthouse's Node entry: runs an audit in the Chromium listening on `flags.port`. */
export type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<LighthouseResult | undefined>;

/** Lighthouse, installed into the cache folder on first use. */
export async function loadLighthouse(): Promise<Lighthouse> {
  const base = process.env.LIGHTHOUSE_CACHE_DIR ?? path.join(homedir(), '.cache', 'fenster-crm');
  const dir = path.join(base, `lighthouse-${VERSION}`);
  const entry = path.join(dir, 'node_modules', 'lighthouse', 'core', 'index.js');
  if (!existsSync(entry)) {
    console.log(`Lighthouse ${VERSION} fehlt: installiere es aus der npm-Registry nach ${dir} …`);
    execFileSync(
      'npm',
      ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', `lighthouse@${VERSION}`],
      { stdio: 'inherit' },
    );
  }
  return ((await import(pathToFileURL(entry).href)) as { default: Lighthouse }).default;
}
