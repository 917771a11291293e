import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaTable, readmeWithAreas } from '../../scripts/readmeAreas';

describe("the README's table of areas", () => {
  it('is the one made from the areas’ index.ts (npm run docs:areas writes it)', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toBe(readmeWithAreas(readme, areaTable()));
  });

  it('takes a new area’s row from its doc comment’s first paragraph, and fails without one', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'areas-'));
    const area = (name: string, text: string) => {
      mkdirSync(path.join(root, 'server', name), { recursive: true });
      writeFileSync(path.join(root, 'server', name, 'index.ts'), text);
    };
    area('platform', 'export const x = 1;\n');
    area(
      'wettbewerber',
      '/**\n * Wettbewerber: who else offered,\n * and at what price\n *\n * Server notes.\n */\nexport default x;\n',
    );
    expect(areaTable(root).split('\n').at(-1)).toBe(
      '| wettbewerber | Wettbewerber: who else offered, and at what price | src/resources/wettbewerber/, server/wettbewerber/ |',
    );
    area('ohneText', 'export default x;\n');
    expect(() => areaTable(root)).toThrow(/kein Doc-Kommentar/);
  });
});
