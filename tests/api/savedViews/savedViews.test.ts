import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointInput } from '../../../src/api/endpoint';
import {
  createSavedView,
  deleteSavedView,
  getSavedViews,
  setDefaultSavedView,
  updateSavedView,
  type ListKeyName,
  type ViewState,
} from '../../../src/resources/savedViews/savedViews.endpoints';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const VICTOR = { oid: 'oid-victor', groups: ['APP_KUNDE', 'APP_STANDORT_S_VILLACH'] };
const VERA = { oid: 'oid-vera', groups: ['APP_KUNDE', 'APP_STANDORT_S_VILLACH'] };
const WILLI = { oid: 'oid-willi', groups: ['APP_KUNDE', 'APP_STANDORT_S_WIEN'] };
const LENA = { oid: 'oid-lena', groups: ['APP_KUNDE', 'APP_ADMIN_VERKAUF', 'APP_STANDORT_S_VILLACH'] };
const NPS_ONLY = { oid: 'oid-nps', groups: ['APP_NPS'] };
type Person = typeof VICTOR;

const STATE: ViewState = {
  filter: { q: 'gruber', mine: true },
  sort: 'displayName',
  order: 'ASC',
  perPage: 50,
};
type ViewInput = Omit<EndpointInput<typeof createSavedView>['body'], 'listKey' | 'state'>;

describe('saved views', () => {
  let t: TestApp;
  let villach = 0;
  const create = async (person: Person, view: ViewInput) =>
    t.callEndpoint(person, createSavedView, {
      body: { listKey: 'kunden', state: STATE, ...view },
    });
  const list = async (person: Person, listKey: ListKeyName = 'kunden') =>
    t.callEndpoint(person, getSavedViews, { query: { listKey } });
  const names = async (person: Person, listKey: ListKeyName = 'kunden') =>
    (await resultOf(list(person, listKey))).views.map((view) => view.name);
  // What the declaration cannot type: a body the server must refuse.
  const createUntyped = async (person: Person, payload: Record<string, unknown>) =>
    t.callAs(person, { method: 'POST', url: '/api/savedView/create', payload });

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
    expect(saved.result).toMatchObject({ name: 'Meine Grubers', state: STATE, mine: true, version: 1 });
    expect(await names(VICTOR)).toContain('Meine Grubers');
    expect(await names(VERA)).not.toContain('Meine Grubers');
    expect(await names(LENA)).not.toContain('Meine Grubers');
    expect(await names(VICTOR, 'vorgaenge')).not.toContain('Meine Grubers');
    const foreign = await t.callEndpoint(VERA, updateSavedView, {
      params: { id: saved.result.id },
      body: { name: 'Meins', state: STATE, visibility: 'personal', version: 1 },
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
    for (const visibility of ['branch', 'all'] as const) {
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
    const shared = await resultOf(
      create(LENA, { name: 'Nachfassen', visibility: 'branch', branchId: villach }),
    );
    const update = async (name: string) =>
      t.callEndpoint(LENA, updateSavedView, {
        params: { id: shared.id },
        body: { name, state: STATE, visibility: 'branch', branchId: villach, version: 1 },
      });
    expect((await update('Nachfassen diese Woche')).status).toBe(200);
    const stale = await update('Nachfassen alt');
    expect(stale.status).toBe(409);
    expect(stale.message).toContain(
      'Die Ansicht „Nachfassen diese Woche“ wurde inzwischen von Test Person geändert.',
    );
    expect(await names(VERA)).toContain('Nachfassen diese Woche');
    const seller = await t.callEndpoint(VERA, deleteSavedView, {
      params: { id: shared.id },
      query: { version: 2 },
    });
    expect(seller.status).toBe(403);
  });

  it('keeps one default per person and list', async () => {
    const view = await resultOf(create(VERA, { name: 'Start', visibility: 'personal' }));
    const set = await t.callEndpoint(VERA, setDefaultSavedView, {
      body: { listKey: 'kunden', viewId: view.id },
    });
    expect(set.status).toBe(200);
    expect((await resultOf(list(VERA))).defaultViewId).toBe(view.id);
    expect((await resultOf(list(VICTOR))).defaultViewId).toBeNull();
  });

  it('refuses bad state with a German 400 and people without APP_KUNDE with 403', async () => {
    const bad = await createUntyped(VICTOR, {
      listKey: 'kunden',
      name: 'X',
      visibility: 'personal',
      state: { filter: {}, perPage: 7 },
    });
    expect(bad.status).toBe(400);
    const unknownList = await createUntyped(VICTOR, {
      listKey: 'geheim',
      name: 'X',
      visibility: 'personal',
      state: STATE,
    });
    expect(unknownList.status).toBe(400);
    expect((await list(NPS_ONLY)).status).toBe(403);
  });
});
