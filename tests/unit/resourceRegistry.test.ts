import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GROUPS } from '../../src/auth/groups';
import { isEntityFile } from '../../src/resources/declarationFiles';
import { ENTITIES, entityByName, PAGES } from '../../src/resources/registry';
import {
  definePage,
  defineResource,
  resourcesOf,
  type AreaDeclaration,
  type PageDeclaration,
} from '../../src/resources/resource';
import { loadEntities } from '../../server/platform/entities/loadEntities';

const RESOURCES = path.resolve('src/resources');
const importDefault = async <T>(file: string): Promise<T> =>
  ((await import(pathToFileURL(path.join(RESOURCES, file)).href)) as { default: T }).default;

// What the web app's globs see: every file below src/resources, and the folders' index.ts files.
const allFiles = readdirSync(RESOURCES, { recursive: true, encoding: 'utf8' }).map((f) =>
  f.split(path.sep).join('/'),
);
const indexFiles = readdirSync(RESOURCES, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(RESOURCES, d.name, 'index.ts')))
  .map((d) => `${d.name}/index.ts`);
// Each index.ts declares its area's resources: one, or a list when the area holds several entities.
const areas = await Promise.all(indexFiles.map((f) => importDefault<AreaDeclaration>(f)));
const resources = areas.flatMap(resourcesOf);
const serverEntities = await loadEntities();

describe('resource registry', () => {
  it('finds entity files by one rule: one folder below src/resources', () => {
    expect(isEntityFile('customers/customer.entity.ts')).toBe(true);
    expect(isEntityFile('./labels/label.entity.ts')).toBe(true);
    expect(isEntityFile('customers/vorgaenge/vorgang.entity.ts')).toBe(false);
    expect(isEntityFile('entity.ts')).toBe(false);
    expect(isEntityFile('labels/label.entity.tsx')).toBe(false);
  });

  it("gives the web app the server's entities by the same file rule; an index.ts names its own folder's", async () => {
    // The web app's own discovery (registry.ts: Vite's import.meta.glob and the file rule), not a copy of it.
    const webNames = ENTITIES.map((e) => e.name).sort();
    expect(webNames).toEqual(serverEntities.map((e) => e.name).sort());
    expect(webNames.length).toBe(allFiles.filter(isEntityFile).length);
    for (const [i, file] of indexFiles.entries()) {
      const folder = file.split('/')[0]!;
      const entityFiles = allFiles.filter((f) => f.startsWith(`${folder}/`) && isEntityFile(f));
      const entities = resourcesOf(areas[i]!).flatMap((r) => (r.entity ? [r.entity] : []));
      // The very modules the web app found, from the index.ts's own folder: each entity file once.
      const own = await Promise.all(entityFiles.map((f) => importDefault(f)));
      expect(new Set(entities), file).toEqual(new Set(own));
      expect(entities.length, file).toBe(own.length);
      for (const entity of entities) expect(entityByName(entity.name), file).toBe(entity);
    }
  });

  it('declares each custom page once, with its own path', () => {
    // The pages the web app found (registry.ts), each folder's index.ts counted once.
    const paths = PAGES.map((p) => p.path);
    expect(paths.length).toBe(resources.flatMap((r) => r.pages ?? []).length);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(['dashboard', 'admin/datenabgleich', 'vorgang/faellig']));
    for (const entity of serverEntities) expect(paths).not.toContain(entity.name);
  });

  it('names the group every declared page and entity needs: the route opens nothing without it', () => {
    const known: readonly string[] = Object.values(GROUPS);
    for (const page of resources.flatMap((r) => r.pages ?? []))
      expect(known, page.path).toContain(page.group);
    for (const entity of serverEntities) {
      expect(entity.access.read.length, entity.name).toBeGreaterThan(0);
      for (const group of entity.access.read) expect(known, entity.name).toContain(group);
    }
  });

  it('refuses a tab page without its order or group, and views without an entity', () => {
    const component = () => Promise.resolve({ default: () => null });
    expect(() =>
      definePage({ path: 'admin/x', label: 'X', area: 'admin', group: GROUPS.admin, component }),
    ).toThrow(/tabOrder/);
    // A page without a group (the type demands one; a declaration in plain JavaScript could still forget it).
    expect(() => definePage({ path: 'x', label: 'X', component } as unknown as PageDeclaration)).toThrow(
      /Gruppe/,
    );
    expect(() =>
      definePage({ path: 'admin/x', label: 'X', area: 'admin', tabOrder: 1, group: GROUPS.admin, component }),
    ).not.toThrow();
    expect(() => defineResource({ list: component })).toThrow(/Entität/);
  });
});
