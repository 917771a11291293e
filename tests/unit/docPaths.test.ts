import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The maps (README's "Where things live", docs/architecture.md) name only paths that exist: after
// a folder moves, a stale map fails here instead of sending the next reader to a folder that is gone.
const DOCS = ['README.md', 'docs/architecture.md'];
const ROOTS = 'src|server|tests|docs|build|bench';
// A placeholder (<area>, *, …, NNNN) stands for many paths, not one.
const isPlaceholder = (p: string) => /[<*…]|NNNN/.test(p);

/** Paths written out from the repository's root, e.g. `server/platform/auth/viewerScope.ts`. */
function fullPaths(text: string): string[] {
  const found = text.match(new RegExp(`(?<![\\w./<-])(?:${ROOTS})/[\\w./<>*…-]*[\\w/>*…]`, 'g')) ?? [];
  return found.map((p) => p.replace(/\/$/, '')).filter((p) => !isPlaceholder(p));
}

/**
 * The folders of README's tree: each line names folders in its first column (a child is indented below its
 * parent) and may name sub-folders in its description (`customers/ (…), todos/, …`), below that folder.
 */
function treePaths(readme: string): string[] {
  const tree = readme.split('## Where things live')[1]!.split('```')[1]!;
  const paths: string[] = [];
  const parents: { indent: number; path: string }[] = [];
  let describes = '';
  for (const line of tree.split('\n').slice(1)) {
    const column = line.slice(0, 26);
    const indent = column.length - column.trimStart().length;
    const names = column.trim() ? column.trim().split(/,\s*/) : [];
    if (names.length > 0) {
      while (parents.length > 0 && parents.at(-1)!.indent >= indent) parents.pop();
      const parent = parents.at(-1)?.path ?? '';
      for (const name of names) paths.push(parent + name);
      if (names.length === 1) parents.push({ indent, path: parent + names[0] });
      // Folders named in the description lie below the named folder (below its parent for "<area>/").
      describes = isPlaceholder(names[0]!) ? parent : names.length === 1 ? parent + names[0] : parent;
    }
    for (const [, sub] of line.slice(26).matchAll(/(?<![\w./<-])(\w[\w-]*)\/(?![\w<*])/g))
      paths.push(describes + sub);
  }
  return paths.map((p) => p.replace(/\/$/, '')).filter((p) => !isPlaceholder(p));
}

describe('the maps name paths that exist', () => {
  for (const doc of DOCS) {
    it(`${doc}: every path from the root exists`, () => {
      const paths = fullPaths(readFileSync(doc, 'utf8'));
      expect(paths.length).toBeGreaterThan(3);
      expect(paths.filter((p) => !existsSync(p))).toEqual([]);
    });
  }

  it("README's tree: every folder it names exists", () => {
    const paths = treePaths(readFileSync('README.md', 'utf8'));
    expect(paths).toEqual(
      expect.arrayContaining(['src/resources/kit', 'server/platform/db', 'server/todos']),
    );
    expect(paths.filter((p) => !existsSync(p))).toEqual([]);
  });
});
