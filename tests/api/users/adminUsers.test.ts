import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryOf } from '../../../src/api/endpoint';
import {
  getDirectoryLocations,
  getNotDescribedUsers,
  getUserProfileImage,
  getUsersInMyGroup,
} from '../../../src/resources/users/users.endpoints';
import userEntity from '../../../src/resources/users/user.entity';
import { entityCalls } from '../../support/entityCalls';
import { downloadFrom } from '../../support/fileCalls';
import { createTestApp, resultOf, type TestApp, type TestCaller } from '../../support/testApp';

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

  const notDescribed = async (query: QueryOf<typeof getNotDescribedUsers> = {}) =>
    resultOf(t.callEndpoint(ADMIN, getNotDescribedUsers, { query }));

  it('offers the directory people who are not described yet, searchable by the start of a name', async () => {
    const people = await notDescribed();
    expect(people.map((p) => p.azureId)).not.toContain(ANNA);
    expect(people.map((p) => p.name)).toEqual(expect.arrayContaining(['Nora Neumann', 'Bernd Berger']));
    expect((await notDescribed({ search: 'neum' })).map((p) => p.name)).toEqual(['Nora Neumann']);
    expect(await notDescribed({ azureId: ANNA })).toEqual([]);
    expect((await notDescribed({ azureId: NORA })).map((p) => p.name)).toEqual(['Nora Neumann']);
  });

  it("lists a person's locations from the directory with their branch", async () => {
    const response = await t.callEndpoint(ADMIN, getDirectoryLocations, { query: { azureId: BERND } });
    expect(response.status).toBe(200);
    expect(response.result).toEqual([
      { group: 'APP_STANDORT_S_VILLACH', name: 'Villach', branchId: villach },
      { group: 'APP_STANDORT_S_WIEN', name: 'Wien', branchId: wien },
    ]);
    const unknown = await t.callEndpoint(ADMIN, getDirectoryLocations, { query: { azureId: 'niemand' } });
    expect(unknown.status).toBe(404);
  });

  it('describes a directory person with user/saveUser, then changes them only with the current version', async () => {
    const users = entityCalls(t, userEntity);
    const nora = await resultOf(
      users.create(ADMIN, {
        azureOid: NORA,
        name: 'Nora Neumann',
        email: 'nora.neumann@strussnig.at',
        initials: 'NN',
      }),
    );
    expect((await notDescribed()).map((p) => p.name)).not.toContain('Nora Neumann');

    const again = await users.create(ADMIN, { azureOid: NORA, name: 'Nora Zwei' });
    expect(again.status).toBe(400);
    expect(again.errors).toEqual({
      azureOid: 'Diese Person aus dem Verzeichnis ist bereits als Benutzer angelegt.',
    });

    const saved = await users.update(ADMIN, nora.id, {
      version: nora.version,
      azureOid: NORA,
      name: 'Nora Neumann',
      branchId: villach,
    });
    expect(saved.status).toBe(200);
    expect(saved.result).toMatchObject({ branchId: villach, version: nora.version + 1 });

    // The legacy client's shape, POST user/saveUser with the id in the body, updates too: a stale version is a 409.
    // Sent raw: entityCalls speaks the data provider's PUT with the id in the path.
    const stale = await t.callAs(ADMIN, {
      method: 'POST',
      url: `/api/${userEntity.endpoints.write}`,
      payload: { id: nora.id, version: nora.version, azureOid: NORA, name: 'Veraltet' },
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(/^Benutzer „Nora Neumann“ wurde inzwischen von Test Person geändert\./);
  });

  it('refuses invalid input per field in German and saves nothing', async () => {
    const response = await entityCalls(t, userEntity).create(ADMIN, {
      azureOid: BERND,
      name: '',
      email: 'bernd(at)strussnig',
      initials: 'ABCDE',
    });
    expect(response.status).toBe(400);
    expect(response.errors).toMatchObject({
      name: expect.stringContaining('Name'),
      email: expect.stringContaining('E-Mail'),
      initials: 'Das Kürzel besteht aus 1 bis 4 Buchstaben.',
    });
    const { rows } = await sql`SELECT 1 FROM app_user WHERE azure_oid = ${BERND}`.execute(t.db);
    expect(rows).toHaveLength(0);
  });

  it('lists the colleagues of my locations', async () => {
    const response = await t.callEndpoint(SELLER_VILLACH, getUsersInMyGroup);
    expect(response.status).toBe(200);
    expect(response.result.map((u) => u.name)).toContain('Victor Verkauf');
    expect(response.result.map((u) => u.name)).not.toContain('Anna Admin');
  });

  it('answers 204 without content for a profile image the directory does not have (no 404 in the console)', async () => {
    const response = await downloadFrom(t, ADMIN, getUserProfileImage, { params: { azureId: ANNA } });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  // Two declared reads beside the users' entity routes (create and update, user/saveUser).
  const adminCalls: [string, (caller: TestCaller) => Promise<{ status: number }>][] = [
    [
      'GET user/getNotDescribedUsers',
      (caller) => t.callEndpoint(caller, getNotDescribedUsers, { query: {} }),
    ],
    [
      'GET user/allLocationsFromAzureDirectoryForUser',
      (caller) => t.callEndpoint(caller, getDirectoryLocations, { query: { azureId: NORA } }),
    ],
    [
      'POST user/saveUser',
      (caller) => entityCalls(t, userEntity).create(caller, { azureOid: NORA, name: 'X', version: 1 }),
    ],
    [
      'PUT user/saveUser/1',
      (caller) => entityCalls(t, userEntity).update(caller, 1, { azureOid: NORA, name: 'X', version: 1 }),
    ],
  ];
  it.each(adminCalls)(
    'refuses %s without APP_ADMIN (403) and without a token (401)',
    async (_route, call) => {
      expect((await call(SELLER_VILLACH)).status).toBe(403);
      expect((await call(['APP_ADMIN_VERKAUF'])).status).toBe(403);
      expect((await call(null)).status).toBe(401);
    },
  );

  it('refuses usersInMyGroup and profile images to a person without an app group', async () => {
    const noAppGroup = ['APP_STANDORT_S_WIEN'];
    expect((await t.callEndpoint(noAppGroup, getUsersInMyGroup)).status).toBe(403);
    expect(
      (await t.callEndpoint(noAppGroup, getUserProfileImage, { params: { azureId: ANNA } })).status,
    ).toBe(403);
  });
});
