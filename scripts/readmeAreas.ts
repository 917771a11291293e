import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

// The README's table of areas is made from the areas themselves: each area's server/<area>/index.ts says in the
// first paragraph of its doc comment what the area holds. `npm run docs:areas` writes the table between the two
// markers below; tests/unit/readmeAreas.test.ts fails while the README's table is not the generated one.

const START = '<!-- Bereiche: erzeugt von npm run docs:areas aus server/<Bereich>/index.ts -->';
const END = '<!-- Ende der Bereiche -->';
const NOT_AREAS = new Set(['platform', 'dev']);

/** The first paragraph of the doc comment above `export default` in `file`, on one line. */
function whatItHolds(file: string): string {
  const text = readFileSync(file, 'utf8');
  const comment = text.slice(0, text.indexOf('export default')).match(/\/\*\*([\s\S]*?)\*\/\s*$/);
  if (!comment) throw new Error(`${file}: kein Doc-Kommentar über export default`);
  const lines = comment[1]!.split('\n').map((line) => line.replace(/^\s*\*?\s?/, '').trimEnd());
  const first = lines
    .join('\n')
    .trim()
    .split(/\n\s*\n/)[0]!;
  return first.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

/** The README's table of areas: one row per folder of server/ (its doc comment, its three folders). */
export function areaTable(root = process.cwd()): string {
  const areas = readdirSync(path.join(root, 'server'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_AREAS.has(entry.name))
    .map((entry) => entry.name)
    .filter((area) => existsSync(path.join(root, 'server', area, 'index.ts')))
    .sort((a, b) => a.localeCompare(b, 'en'));
  return [
    '| area | what it holds | folders |',
    '|---|---|---|',
    ...areas.map(
      (area) =>
        `| ${area} | ${whatItHolds(path.join(root, 'server', area, 'index.ts'))} | src/resources/${area}/, server/${area}/ |`,
    ),
  ].join('\n');
}

/** The README's text with the generated table between the markers. */
export function readmeWithAreas(readme: string, table: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md: die Markierungen ${START} … ${END} fehlen`);
  return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = path.resolve('README.md');
  writeFileSync(file, readmeWithAreas(readFileSync(file, 'utf8'), areaTable()));
  console.log('README.md: Tabelle der Bereiche neu geschrieben');
}
