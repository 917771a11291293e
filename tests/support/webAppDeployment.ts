import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { LANDING_HTML, SIGNED_IN_HTML } from '../../src/auth/msalPages.rules';

// The pages the service worker keeps: every one loads the entry.
const HTML_PAGES = ['index.html', SIGNED_IN_HTML, LANDING_HTML];

async function writeIfPresent(file: string, content: Buffer): Promise<void> {
  if (existsSync(file)) await writeFile(file, content);
}

/**
 * A copy of the built web app (dist/) that a test serves from an instance of its own and then replaces by a
 * next build, as a deployment does, without a second `vite build` (about a minute on two cores): the next
 * build's entry module has other content and so another hashed name, every HTML page loads it, the old entry is
 * gone, and the service worker's precache manifest lists exactly the new build's files with the new pages'
 * revisions, as vite-plugin-pwa would have written it for that build.
 */
export async function webAppDeployment() {
  const dir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-deployment-'));
  await cp('dist', dir, { recursive: true });
  const read = (file: string) => readFile(path.join(dir, file), 'utf8');
  const found = /src="\/(assets\/index-[A-Za-z0-9_-]+\.js)"/.exec(await read('index.html'))?.[1];
  if (!found) throw new Error('Das Einstiegsmodul steht nicht in index.html.');
  const entry: string = found;

  // The next build's entry is uploaded beside the running one before the switch, as a deployment puts the new
  // hashed files in place before its pages (the server routes the files it finds at its start).
  const code = `${await read(entry)}\n// nächste Version\n`;
  const next = `assets/index-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
  await writeFile(path.join(dir, next), code);

  /** Switches the pages and the service worker to the next build and removes the old entry; returns its path. */
  async function deployNextBuild(): Promise<string> {
    const md5 = (text: string) => createHash('md5').update(text).digest('hex');
    let worker = (await read('sw.js')).replace(
      `{"revision":null,"url":"${entry}"}`,
      `{"revision":null,"url":"${next}"}`,
    );
    let everyPageListed = true;
    for (const page of HTML_PAGES) {
      const html = (await read(page)).replace(`/${entry}`, `/${next}`);
      await writeFile(path.join(dir, page), html);
      const listed = `{"revision":"${md5(html)}","url":"${page}"}`;
      worker = worker.replace(
        new RegExp(`\\{"revision":"[0-9a-f]+","url":"${page.replace('.', '\\.')}"\\}`),
        listed,
      );
      everyPageListed &&= worker.includes(listed);
    }
    if (!worker.includes(`{"revision":null,"url":"${next}"}`) || !everyPageListed)
      throw new Error('Das Precache-Manifest in sw.js hat nicht die erwartete Form.');
    await writeFile(path.join(dir, 'sw.js'), worker);
    // The compressed copies the build wrote beside the changed files, made anew (the server prefers them).
    for (const file of [...HTML_PAGES, 'sw.js']) {
      const content = await readFile(path.join(dir, file));
      await writeIfPresent(path.join(dir, `${file}.br`), brotliCompressSync(content));
      await writeIfPresent(path.join(dir, `${file}.gz`), gzipSync(content));
    }
    for (const file of [entry, `${entry}.br`, `${entry}.gz`]) await rm(path.join(dir, file), { force: true });
    return next;
  }

  return { dir, entry, deployNextBuild, remove: () => rm(dir, { recursive: true, force: true }) };
}
