import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The maps (README's "Where things live", docs/architecture.md), the pages beside them (requirements,
// glossary) and every folder's README.md (the stories the map points to) name only paths that exist: after a
// folder moves, a stale map fails here instead of sending the next reader to a folder that is gone.
const FOLDER_READMES = execFileSync('git', ['ls-files', '--', '*/README.md'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const DOCS = [
  'README.md',
  'docs/architecture.md',
  'docs/requirements.md',
  'docs/glossary.md',
  ...FOLDER_READMES,
];
const ROOTS = 'src|server|tests|docs|build|bench|scripts|public|sample-import';
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
      // The maps must name paths at all (a broken pattern finds none); a folder's README may name few.
      if (!FOLDER_READMES.includes(doc)) expect(paths.length).toBeGreaterThan(2);
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

describe('docs/architecture.md', () => {
  // A map, not the stories: each feature's story is a README.md in its folder, and the map points to it.
  it('stays a map of at most 200 lines that points to every folder README', () => {
    const map = readFileSync('docs/architecture.md', 'utf8');
    expect(map.split('\n').length).toBeLessThanOrEqual(200);
    expect(FOLDER_READMES.filter((readme) => !map.includes(readme))).toEqual([]);
  });
});

describe("README's list of areas", () => {
  // Folders of src/resources that serve every area instead of being one.
  const SHARED = ['generic', 'kit'];

  it('names every area folder of the web app with a line on what it holds', () => {
    const areas = readdirSync('src/resources', { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !SHARED.includes(entry.name))
      .map((entry) => entry.name);
    const section = readFileSync('README.md', 'utf8').split('### Areas')[1]!.split('\n## ')[0]!;
    const described = [...section.matchAll(/^\| (\w+) \| [^|]{10,} \| src\/resources\/(\w+)\//gm)]
      .filter(([, name, folder]) => name === folder)
      .map(([, name]) => name);
    expect(areas.length).toBeGreaterThan(20);
    expect(areas.filter((area) => !described.includes(area))).toEqual([]);
  });
});

describe('the glossary', () => {
  it('explains the domain terms a new developer meets first', () => {
    const glossary = readFileSync('docs/glossary.md', 'utf8');
    const terms = glossary
      .split('\n')
      .filter((line) => line.startsWith('| '))
      .map((line) => line.split('|')[1]!);
    const TERMS = [
      'Vorgang',
      'Beleg',
      'Aufmaß',
      'Endkunde',
      'Filiale',
      'Verkäufer',
      'Betreuer',
      'Label',
      'Eigener Status',
      'Systemstatus',
      'Datenabgleich',
      'NPS',
      'Textvorlage',
      'Warengruppe',
      'Produktgruppe',
    ];
    for (const term of TERMS)
      expect(
        terms.some((cell) => cell.includes(term)),
        term,
      ).toBe(true);
    // Plan-DB is explained in the row of the DB (Deckungsbeitrag).
    expect(glossary).toMatch(/\*\*Plan-DB\*\* is /);
  });
});
