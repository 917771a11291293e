import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installStarterRecipes } from '../../../server/automation/starterRecipes';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { createTestApp, type TestApp } from '../../support/testApp';

const recipes = async (t: TestApp) =>
  (
    await sql<{ key: string; state: string }>`
      SELECT recipe_key AS key, state FROM automation WHERE recipe_key IS NOT NULL ORDER BY recipe_key`.execute(
      t.db,
    )
  ).rows;

/** The starter recipes (five general, five of the online offer's cadence): drafts on a production start, switched on in the demo's seed. */
describe('starter recipes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a start adds those the tenant has the data for as drafts; once the data is there, the rest, once', async () => {
    // An empty product: no text template with a survey link, no "Aufmaß geplant" status yet.
    expect(await recipes(t)).toEqual([
      { key: 'angebot-nachfassen', state: 'entwurf' },
      { key: 'auftragsbestaetigung-melden', state: 'entwurf' },
      { key: 'nps-kritiker', state: 'entwurf' },
      { key: 'online-angebot-abgelaufen', state: 'entwurf' },
      { key: 'online-angebot-anrufen', state: 'entwurf' },
      { key: 'online-angebot-geoeffnet', state: 'entwurf' },
      { key: 'online-angebot-laeuft-ab', state: 'entwurf' },
      { key: 'online-angebot-nachfassen', state: 'entwurf' },
    ]);
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 4 });
    expect(await installStarterRecipes(t.db, false)).toBe(2);
    expect(await installStarterRecipes(t.db, false)).toBe(0);
    const all = await recipes(t);
    expect(all).toHaveLength(10);
    expect(all.every((recipe) => recipe.state === 'entwurf')).toBe(true);
  });

  it('the demo’s seed switches them on, each a valid automation', async () => {
    await sql`DELETE FROM automation`.execute(t.db);
    expect(await installStarterRecipes(t.db, true)).toBe(10);
    expect((await recipes(t)).map((recipe) => recipe.state)).toEqual(Array(10).fill('aktiv'));
    const names = await sql<{ name: string }>`SELECT name FROM automation ORDER BY id`.execute(t.db);
    expect(names.rows.map((row) => row.name)).toContain('Angebot ohne Aktivität seit 7 Arbeitstagen → Todo');
  });
});
