import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MENU_ICONS } from '../../src/layout/menuIcons';
import { defineMenu, orderedMenu } from '../../src/resources/menu';
import { MENU } from '../../src/resources/registry';
import { loadServerAreas, NOT_AREAS } from '../../server/platform/areas/loadServerAreas';
import { loadMenu } from '../../server/shell/loadMenu';
import { MIGRATION_NAME, migrationFiles } from '../../server/platform/db/migrate';

const foldersOf = (dir: string, notAreas: readonly string[]) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !notAreas.includes(entry.name))
    .map((entry) => entry.name)
    .sort();

describe('areas register themselves', () => {
  it('have one name on every side: server/, src/resources/ and tests/api/ hold the same area folders', () => {
    const server = foldersOf('server', [...NOT_AREAS]);
    // kit/ and generic/ hold what several areas use; platform/ and dev/ are no areas either.
    expect(foldersOf('src/resources', ['kit', 'generic'])).toEqual(server);
    expect(foldersOf('tests/api', [...NOT_AREAS])).toEqual(server);
  });

  it('are found by the server in their folders, each with its plugin (server/<area>/index.ts)', async () => {
    const areas = await loadServerAreas();
    expect(areas.map((area) => area.name)).toEqual(foldersOf('server', [...NOT_AREAS]));
    for (const { name, area } of areas) expect(typeof area.plugin, name).toBe('function');
    // The entity hooks come from the areas that own the entities, not from a list in server/app.ts.
    const hooked = areas.flatMap(({ name, area }) =>
      (area.entityHooks?.('Europe/Vienna') ?? []).map(({ entity }) => `${name}: ${entity.name}`),
    );
    expect(hooked.sort()).toEqual(['activities: aktivitaeten', 'customers: kunden']);
    // Importing every area's server code takes a few seconds on a busy machine.
  }, 30_000);

  it("give the server and the web app the same menu from the areas' menu.ts files", async () => {
    expect(await loadMenu()).toEqual(MENU);
    expect(MENU.map((item) => item.label)).toEqual([
      'Dashboard',
      'Todos',
      'NPS',
      'Kunden',
      'Vorgangsübersicht',
      'Dateien',
      'Admin',
      'Admin-Verkauf',
      'Admin-Benutzer',
    ]);
  });

  it("name an icon for every menu entry in the area's menuIcons.tsx", () => {
    for (const item of MENU.flatMap((entry) => [entry, ...(entry.items ?? [])])) {
      expect(MENU_ICONS[item.icon], `${item.label}: ${item.icon}`).toBeDefined();
    }
  });

  it('refuses two entries in one place or with one address', () => {
    const entry = (order: number, routerLink: string) => ({
      order,
      routerLink,
      label: routerLink,
      icon: 'x',
      appGroup: 'APP_KUNDE' as const,
      description: '',
    });
    expect(() => orderedMenu([defineMenu(entry(1, '/a')), defineMenu(entry(1, '/b'))])).toThrow(/Position/);
    expect(() => orderedMenu([defineMenu(entry(1, '/a')), defineMenu(entry(2, '/a'))])).toThrow(/Adresse/);
    expect(
      orderedMenu([defineMenu(entry(2, '/b')), defineMenu(entry(1, '/a'))]).map((i) => i.routerLink),
    ).toEqual(['/a', '/b']);
  });
});

describe("an area's migrations", () => {
  it('are named by a number (the first round) or their UTC time, so that branches do not collide', () => {
    expect(MIGRATION_NAME.test('0049_bulk_jobs.sql')).toBe(true);
    expect(MIGRATION_NAME.test('202611290815_consent_record.sql')).toBe(true);
    expect(MIGRATION_NAME.test('0050_next_number.sql')).toBe(true);
    expect(MIGRATION_NAME.test('2026112908_short_time.sql')).toBe(false);
    expect(MIGRATION_NAME.test('202611290815-Consent.sql')).toBe(false);
    expect(['202611290815_b.sql', '0049_a.sql'].sort()).toEqual(['0049_a.sql', '202611290815_b.sql']);
  });

  it('are found in server/<area>/migrations beside the platform’s, in one numbered sequence', async () => {
    const files = await migrationFiles();
    const names = files.map((f) => f.name);
    expect(names).toEqual([...names].sort());
    expect(new Set(names.map((n) => n.split('_')[0])).size).toBe(names.length);
    expect(files.find((f) => f.name === '0033_vorgang_event.sql')?.file).toMatch(
      /server\/vorgaenge\/migrations\//,
    );
    expect(names[0]).toMatch(/^0001_/);
  });
});
