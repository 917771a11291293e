import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/testApp';

const ADMIN = ['APP_ADMIN'];
const SELLER_VILLACH = ['APP_KUNDE', 'APP_STANDORT_S_VILLACH'];
const ANNA = '5b0a3c1e-7d1f-4e0a-9a11-0000000a0001';
const NORA = '5b0a3c1e-7d1f-4e0a-9a11-0000000a0006';
const BERND = '5b0a3c1e-7d1f-4e0a-9a11-0000000a0007';

describe('Admin-Benutzer: described users and the directory (development directory)', () => {
  let t: TestApp;
  let villach: number;
  let wien: number;
  beforeAll(async () => {
    t = await createTestApp();
    const { rows } = await sql<{ id: number; name: string }>`
      INSERT INTO branch (name, location_group) VALUES
        ('Klagenfurt', 'APP_STANDORT_S_KLAGENFURT'), ('Villach', 'APP_STANDORT_S_VILLACH'),
        ('Wien', 'APP_STANDORT_S_WIEN')
      RETURNING id, name`.execute(t.db);
    villach = rows.find((r) => r.name === 'Villach')!.id;
    wien = rows.find((r) => r.name === 'Wien')!.id;
    await sql`INSERT INTO app_user (azure_oid, name, branch_id) VALUES
      (${ANNA}, 'Anna Admin', ${rows[0]!.id}),
      ('5b0a3c1e-7d1f-4e0a-9a11-0000000a0003', 'Victor Verkauf', ${villach})`.execute(t.db);
  });
  afterAll(() => t.close());

  const notDescribed = async (query = '') =>
    (await t.call(ADMIN, { method: 'GET', url: `/api/user/getNotDescribedUsers${query}` })).body
      .result as unknown as {
      azureId: string;
      name: string;
    }[];

  it('offers the directory people who are not described yet, searchable by the start of a name', async () => {
    const people = await notDescribed();
    expect(people.map((p) => p.azureId)).not.toContain(ANNA);
    expect(people.map((p) => p.name)).toEqual(expect.arrayContaining(['Nora Neumann', 'Bernd Berger']));
    expect((await notDescribed('?search=neum')).map((p) => p.name)).toEqual(['Nora Neumann']);
    expect(await notDescribed(`?azureId=${ANNA}`)).toEqual([]);
    expect((await notDescribed(`?azureId=${NORA}`)).map((p) => p.name)).toEqual(['Nora Neumann']);
  });

  it("lists a person's locations from the directory with their branch", async () => {
    const response = await t.call(ADMIN, {
      method: 'GET',
      url: `/api/user/allLocationsFromAzureDirectoryForUser?azureId=${BERND}`,
    });
    expect(response.status).toBe(200);
    expect(response.body.result).toEqual([
      { group: 'APP_STANDORT_S_VILLACH', name: 'Villach', branchId: villach },
      { group: 'APP_STANDORT_S_WIEN', name: 'Wien', branchId: wien },
    ]);
    const unknown = await t.call(ADMIN, {
      method: 'GET',
      url: '/api/user/allLocationsFromAzureDirectoryForUser?azureId=niemand',
    });
    expect(unknown.status).toBe(404);
  });

  it('describes a directory person with user/saveUser, then changes them only with the current version', async () => {
    const created = await t.call(ADMIN, {
      method: 'POST',
      url: '/api/user/saveUser',
      payload: { azureOid: NORA, name: 'Nora Neumann', email: 'nora.neumann@strussnig.at', initials: 'NN' },
    });
    expect(created.status).toBe(200);
    const nora = created.body.result as { id: number; version: number };
    expect((await notDescribed()).map((p) => p.name)).not.toContain('Nora Neumann');

    const again = await t.call(ADMIN, {
      method: 'POST',
      url: '/api/user/saveUser',
      payload: { azureOid: NORA, name: 'Nora Zwei' },
    });
    expect(again.status).toBe(400);
    expect(again.body.result.errors).toEqual({
      azureOid: 'Diese Person aus dem Verzeichnis ist bereits als Benutzer angelegt.',
    });

    const saved = await t.call(ADMIN, {
      method: 'POST',
      url: '/api/user/saveUser',
      payload: {
        id: nora.id,
        version: nora.version,
        azureOid: NORA,
        name: 'Nora Neumann',
        branchId: villach,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({ branchId: villach, version: nora.version + 1 });

    const stale = await t.call(ADMIN, {
      method: 'POST',
      url: '/api/user/saveUser',
      payload: { id: nora.id, version: nora.version, azureOid: NORA, name: 'Veraltet' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.result.message).toMatch(
      /^Benutzer „Nora Neumann“ wurde inzwischen von Test Person geändert\./,
    );
  });

  it('refuses invalid input per field in German and saves nothing', async () => {
    const response = await t.call(ADMIN, {
      method: 'POST',
      url: '/api/user/saveUser',
      payload: { azureOid: BERND, name: '', email: 'bernd(at)strussnig', initials: 'ABCDE' },
    });
    expect(response.status).toBe(400);
    expect(response.body.result.errors).toMatchObject({
      name: expect.stringContaining('Name'),
      email: expect.stringContaining('E-Mail'),
      initials: 'Das Kürzel besteht aus 1 bis 4 Buchstaben.',
    });
    const { rows } = await sql`SELECT 1 FROM app_user WHERE azure_oid = ${BERND}`.execute(t.db);
    expect(rows).toHaveLength(0);
  });

  it('lists the colleagues of my locations', async () => {
    const response = await t.call(SELLER_VILLACH, { method: 'GET', url: '/api/user/usersInMyGroup' });
    expect(response.status).toBe(200);
    expect((response.body.result as unknown as { name: string }[]).map((u) => u.name)).toContain(
      'Victor Verkauf',
    );
    expect((response.body.result as unknown as { name: string }[]).map((u) => u.name)).not.toContain(
      'Anna Admin',
    );
  });

  it('answers 204 without content for a profile image the directory does not have (no 404 in the console)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user/getUserProfileImage/${ANNA}`,
      headers: { authorization: `Bearer ${await t.tokenFor(ADMIN)}` },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it.each([
    ['GET', '/api/user/getNotDescribedUsers'],
    ['GET', `/api/user/allLocationsFromAzureDirectoryForUser?azureId=${NORA}`],
    ['POST', '/api/user/saveUser'],
    ['PUT', '/api/user/saveUser/1'],
  ] as const)('refuses %s %s without APP_ADMIN (403) and without a token (401)', async (method, url) => {
    const payload = method === 'GET' ? undefined : { azureOid: NORA, name: 'X', version: 1 };
    expect((await t.call(SELLER_VILLACH, { method, url, payload })).status).toBe(403);
    expect((await t.call(['APP_ADMIN_VERKAUF'], { method, url, payload })).status).toBe(403);
    expect((await t.call(null, { method, url, payload })).status).toBe(401);
  });

  it('refuses usersInMyGroup and profile images to a person without an app group', async () => {
    for (const url of ['/api/user/usersInMyGroup', `/api/user/getUserProfileImage/${ANNA}`]) {
      expect((await t.call(['APP_STANDORT_S_WIEN'], { method: 'GET', url })).status).toBe(403);
    }
  });
});
