import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../src/api/endpoint';
import { loadEntities } from '../../server/platform/entities/loadEntities';
import { endpointDeclarations } from '../support/endpointDeclarations';

const SRC = path.resolve(import.meta.dirname, '..', '..', 'src');
const declared = await endpointDeclarations();
const entities = await loadEntities();

// The static part of a call path: what a hand-written path string would contain.
const stem = (apiPath: string) => apiPath.split('/:')[0]!;
const API_PATHS = [
  ...declared.map((d) => stem(d.endpoint.path)),
  ...entities.flatMap((e) => Object.values(e.endpoints)),
];

async function sourceFiles() {
  const entries = await readdir(SRC, { recursive: true });
  return entries.filter((entry) => /\.tsx?$/.test(entry)).map((entry) => path.join(SRC, entry));
}

const stringLiterals = (source: string) =>
  [...source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');

describe('endpoint declarations', () => {
  it('declare each method and path once, below /api, with their path parameters', () => {
    expect(declared.length).toBeGreaterThan(40);
    const keys = declared.map((d) => `${d.endpoint.method} ${d.endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const { name, endpoint } of declared) {
      expect(endpoint.path, name).not.toMatch(/^\/|^api\//);
      const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const properties = Object.keys(
        (endpoint.params as { properties?: object } | undefined)?.properties ?? {},
      );
      expect(properties.sort(), `${name}: Pfadparameter`).toEqual(names.sort());
      expect(endpoint.summary.length, name).toBeGreaterThan(5);
    }
  });

  // A JSON answer without a schema is neither documented (OpenAPI) nor serialized by schema. Exempt by their
  // declared kind: 'file' (bytes: downloads, exports, pictures) and 'stream' (Server-Sent Events).
  it('declare a real response schema for every JSON answer (files and streams exempt by kind)', () => {
    const schemaless = declared
      .filter(({ endpoint }) => endpoint.kind !== 'file' && endpoint.kind !== 'stream')
      .filter(({ endpoint }) => {
        const keywords = Object.keys(endpoint.response ?? {}).filter(
          (key) => !['description', 'title', 'examples', '$id'].includes(key),
        );
        return keywords.length === 0;
      })
      .map(({ file, name }) => `${file}: ${name}`);
    expect(schemaless).toEqual([]);
  });

  it('fill path parameters URL-encoded and refuse a missing one', () => {
    const withParam = declared.find((d) => d.endpoint.path === 'user/getUserProfileImage/:azureId')!;
    expect(pathOf(withParam.endpoint, { azureId: 'a b/ä' })).toBe('user/getUserProfileImage/a%20b%2F%C3%A4');
    expect(() => pathOf(withParam.endpoint, {})).toThrow(/azureId/);
  });

  it('are the only place outside the entity declarations where the web app spells an API path', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles()) {
      if (/\.(endpoints|entity)\.ts$/.test(file)) continue;
      const literals = stringLiterals(await readFile(file, 'utf8'));
      for (const literal of literals) {
        const bare = literal.replace(/^\/?api\//, '');
        const hit = API_PATHS.find(
          (apiPath) => bare === apiPath || bare.startsWith(`${apiPath}/`) || bare.startsWith(`${apiPath}?`),
        );
        // One-word paths (health, config) are ordinary words; only their /api/ form counts there.
        if (hit && (hit.includes('/') || literal.startsWith('/api/'))) {
          offenders.push(`${path.relative(SRC, file)}: '${literal}'`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('are how pages call the API: no client call with a hand-written path', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles()) {
      const source = await readFile(file, 'utf8');
      for (const match of source.matchAll(
        /\.(call|blob|upload)(<[^>]*>)?\(\s*['"`]|fetch\(\s*['"`]\/api\/(?!\$\{)/g,
      )) {
        offenders.push(`${path.relative(SRC, file)}: ${match[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
