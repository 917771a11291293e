import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedView, SavedViewsOfList } from '../../../src/resources/savedViews/savedViews.endpoints';
import { createTestApp, ISSUER, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';

const VICTOR = { oid: 'oid-victor', groups: ['APP_KUNDE', 'APP_STANDORT_S_VILLACH'] };
const VERA = { oid: 'oid-vera', groups: ['APP_KUNDE', 'APP_STANDORT_S_VILLACH'] };
const WILLI = { oid: 'oid-willi', groups: ['APP_KUNDE', 'APP_STANDORT_S_WIEN'] };
const LENA = { oid: 'oid-lena', groups: ['APP_KUNDE', 'APP_ADMIN_VERKAUF', 'APP_STANDORT_S_VILLACH'] };
const NPS_ONLY = { oid: 'oid-nps', groups: ['APP_NPS'] };
type Person = typeof VICTOR;

const STATE = { filter: { q: 'gruber', mine: true }, sort: 'displayName', order: 'ASC', perPage: 50 };

describe('saved views', () => {
  let t: TestApp;
  let villach = 0;
  const as = async (person: Person, options: InjectOptions) => {
    const token = await signAccessToken(t.signingKey, ISSUER, person.groups, { oid: person.oid });
    const response = await t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
    return { status: response.statusCode, body: response.json() as { result: unknown } };
  };
  const create = (person: Person, body: Record<string, unknown>) =>
    as(person, {
      method: 'POST',
      url: '/api/savedView/create',
      payload: { listKey: 'kunden', state: STATE, ...body },
    });
  const names = async (person: Person, listKey = 'kunden') => {
    const response = await as(person, { method: 'GET', url: '/api/savedView/list', query: { listKey } });
    expect(response.status).toBe(200);
    return (response.body.result as SavedViewsOfList).views.map((view) => view.name);
  };

  beforeAll(async () => {
    t = await createTestApp();
    villach = (
      await sql<{
        id: number;
      }>`INSERT INTO branch (name, location_group) VALUES ('Villach', 'APP_STANDORT_S_VILLACH') RETURNING id`.execute(
        t.db,
      )
    ).rows[0]!.id;
    await sql`INSERT INTO branch (name, location_group) VALUES ('Wien', 'APP_STANDORT_S_WIEN')`.execute(t.db);
  });
  afterAll(() => t.close());

  it("keeps a person's own view for them only, with its state as saved", async () => {
    const saved = await create(VICTOR, { name: 'Meine Grubers', visibility: 'personal' });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({ name: 'Meine Grubers', state: STATE, mine: true, version: 1 });
    expect(await names(VICTOR)).toContain('Meine Grubers');
    expect(await names(VERA)).not.toContain('Meine Grubers');
    expect(await names(LENA)).not.toContain('Meine Grubers');
    expect(await names(VICTOR, 'vorgaenge')).not.toContain('Meine Grubers');
    const id = (saved.body.result as SavedView).id;
    const foreign = await as(VERA, {
      method: 'PUT',
      url: `/api/savedView/update/${id}`,
      payload: { name: 'Meins', state: STATE, visibility: 'personal', version: 1 },
    });
    expect(foreign.status).toBe(404);
  });

  it('shows a branch-shared view to that branch only, and one shared with all to everyone', async () => {
    expect(
      (await create(LENA, { name: 'Villach offen', visibility: 'branch', branchId: villach })).status,
    ).toBe(200);
    expect((await create(LENA, { name: 'Für alle', visibility: 'all' })).status).toBe(200);
    expect(await names(VERA)).toEqual(expect.arrayContaining(['Villach offen', 'Für alle']));
    expect(await names(WILLI)).toContain('Für alle');
    expect(await names(WILLI)).not.toContain('Villach offen');
  });

  it('lets only the sales management and the administration share (403 for a seller)', async () => {
    for (const visibility of ['branch', 'all']) {
      const refused = await create(VICTOR, { name: `Geteilt ${visibility}`, visibility, branchId: villach });
      expect(refused.status).toBe(403);
    }
    expect(await names(VERA)).not.toContain('Geteilt branch');
    const otherBranch = await sql<{ id: number }>`SELECT id FROM branch WHERE name = 'Wien'`.execute(t.db);
    const elsewhere = await create(LENA, {
      name: 'Wien',
      visibility: 'branch',
      branchId: otherBranch.rows[0]!.id,
    });
    expect(elsewhere.status).toBe(403);
  });

  it('answers a change on a stale version with 409 and keeps the newer one', async () => {
    const shared = (await create(LENA, { name: 'Nachfassen', visibility: 'branch', branchId: villach })).body
      .result as SavedView;
    const update = (name: string) =>
      as(LENA, {
        method: 'PUT',
        url: `/api/savedView/update/${shared.id}`,
        payload: { name, state: STATE, visibility: 'branch', branchId: villach, version: 1 },
      });
    expect((await update('Nachfassen diese Woche')).status).toBe(200);
    const stale = await update('Nachfassen alt');
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.body)).toContain(
      'Die Ansicht „Nachfassen diese Woche“ wurde inzwischen von Test Person geändert.',
    );
    expect(await names(VERA)).toContain('Nachfassen diese Woche');
    const seller = await as(VERA, {
      method: 'DELETE',
      url: `/api/savedView/delete/${shared.id}`,
      query: { version: '2' },
    });
    expect(seller.status).toBe(403);
  });

  it('keeps one default per person and list', async () => {
    const view = (await create(VERA, { name: 'Start', visibility: 'personal' })).body.result as SavedView;
    const set = await as(VERA, {
      method: 'PUT',
      url: '/api/savedView/default',
      payload: { listKey: 'kunden', viewId: view.id },
    });
    expect(set.status).toBe(200);
    const mine = await as(VERA, { method: 'GET', url: '/api/savedView/list', query: { listKey: 'kunden' } });
    expect((mine.body.result as SavedViewsOfList).defaultViewId).toBe(view.id);
    const victors = await as(VICTOR, {
      method: 'GET',
      url: '/api/savedView/list',
      query: { listKey: 'kunden' },
    });
    expect((victors.body.result as SavedViewsOfList).defaultViewId).toBeNull();
  });

  it('refuses bad state with a German 400 and people without APP_KUNDE with 403', async () => {
    const bad = await as(VICTOR, {
      method: 'POST',
      url: '/api/savedView/create',
      payload: { listKey: 'kunden', name: 'X', visibility: 'personal', state: { filter: {}, perPage: 7 } },
    });
    expect(bad.status).toBe(400);
    const unknownList = await create(VICTOR, { name: 'X', visibility: 'personal', listKey: 'geheim' });
    expect(unknownList.status).toBe(400);
    const refused = await as(NPS_ONLY, {
      method: 'GET',
      url: '/api/savedView/list',
      query: { listKey: 'kunden' },
    });
    expect(refused.status).toBe(403);
  });
});
