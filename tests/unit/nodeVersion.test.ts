import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isNodeNewEnough, nodeVersionProblem, REQUIRED_NODE } from '../../server/platform/config/nodeVersion';

const root = new URL('../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

describe('the server stops at once on a Node.js older than the one it is built for', () => {
  it('refuses Node 20 and 22 before 22.13 with a German message naming the required version', () => {
    for (const running of ['20.18.0', 'v20.20.2', '22.12.0', '18.20.4']) {
      const problem = nodeVersionProblem(running);
      expect(problem, running).toContain('Node.js 22.13 oder neuer');
      expect(problem, running).toContain(`hier läuft Node.js ${running.replace(/^v/, '')}`);
      expect(problem, running).toMatch(/Bitte starten Sie/);
    }
  });

  it('lets 22.13 and newer start', () => {
    for (const running of ['22.13.0', 'v22.13.1', '22.20.0', '24.0.0', '30.1.2']) {
      expect(nodeVersionProblem(running), running).toBeNull();
    }
    expect(isNodeNewEnough('22.13.0', '22.13.1')).toBe(false);
  });

  it('asks for the version package.json’s engines and .nvmrc name', () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe(`>=${REQUIRED_NODE}`);
    expect(read('.nvmrc').trim()).toBe(REQUIRED_NODE.split('.')[0]);
  });

  it('is checked in the entry point before the server’s own modules are loaded', () => {
    const main = read('server/main.ts');
    const staticImports = [...main.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(staticImports).toEqual(['./platform/config/nodeVersion']);
    expect(main.indexOf('nodeVersionProblem(process.versions.node)')).toBeLessThan(
      main.indexOf('await import('),
    );
  });
});
