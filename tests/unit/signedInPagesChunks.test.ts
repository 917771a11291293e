import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANDING_HTML, SIGNED_IN_HTML } from '../../src/auth/msalPages.rules';

// The built pages (`npm run build`; `npm test` builds before its tests). Behind the sign-in the sign-in page's
// MUI parts (src/authProvider/PublicPages.tsx, the chunk `signIn`) come later with the app's code: asked for
// beside the entry they would share the first connections with what the address's first data needs. Only the
// sign-in pages (index.html) ask for them at once (build/signedInPreload.ts).
const dist = path.resolve(import.meta.dirname, '../../dist');
const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');

/** The scripts a page asks for (its entry and module preloads), as files under dist/. */
const scriptsOf = (html: string) =>
  [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);

/** Those scripts and every file they import statically (what arrives before the page can run), by name. */
function loadedBy(page: string): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = read(file);
    // `import … from"./x.js"` and `import"./x.js"`; an `import("./x.js")` loads later and is left out.
    for (const match of code.matchAll(/(?:from\s*|import\s*)"\.\/([^"]+\.js)"/g))
      visit(`assets/${match[1]!}`);
  };
  scriptsOf(read(page)).forEach(visit);
  return [...files].map((file) => path.basename(file));
}

const isSignInChunk = (file: string) => /^signIn-[\w-]+\.js$/.test(file);

describe('the pages behind the sign-in', () => {
  it('leave out the sign-in page’s chunk, which the sign-in pages ask for at once', () => {
    if (!existsSync(path.join(dist, 'index.html'))) {
      throw new Error(
        'Die Web-App ist nicht gebaut: bitte zuerst "npm run build" ausführen (npm test tut das).',
      );
    }
    expect(
      scriptsOf(read('index.html'))
        .map((file) => path.basename(file))
        .filter(isSignInChunk),
    ).toHaveLength(1);
    for (const page of [SIGNED_IN_HTML, LANDING_HTML]) {
      const loaded = loadedBy(page);
      expect(loaded.length, page).toBeGreaterThan(3);
      expect(loaded.filter(isSignInChunk), page).toEqual([]);
    }
  });
});
