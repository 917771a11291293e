import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readConfig, type EntraAuthConfig } from '../../../../server/platform/config/env';
import { setUpEntraAuth } from '../../../../server/platform/auth/entra/entraAuthSetup';
import {
  GRAPH_AUDIENCE,
  OTHER_TENANT,
  SPA_CLIENT_ID,
  TENANT,
  startFakeMicrosoft,
  type FakeMicrosoft,
  type FakeUser,
  FAKE_PHOTO,
} from '../../../support/fakeMicrosoft';
import { createTestApp, type TestApp } from '../../../support/testApp';

const ADMIN: FakeUser = {
  oid: 'aaaaaaaa-0000-4000-8000-000000000001',
  name: 'Eva Entra',
  username: 'eva@strussnig.at',
  // Five groups: Graph answers in pages of two, APP_ADMIN comes on the last page.
  groups: ['APP_KUNDE', 'APP_NPS', 'Alle Mitarbeiter', 'APP_STANDORT_S_GRAZ', 'APP_ADMIN'],
};

const COLLEAGUE: FakeUser = {
  ...ADMIN,
  oid: 'aaaaaaaa-0000-4000-8000-000000000042',
  name: 'Karl Kollege',
  username: 'karl@strussnig.at',
  photo: true,
};

// In the directory, but without customer access: no Verkäufer.
const STRANGER: FakeUser = {
  oid: 'aaaaaaaa-0000-4000-8000-000000000077',
  name: 'Sandra Sonstige',
  username: 'sandra@strussnig.at',
  groups: ['Alle Mitarbeiter'],
};

describe('sign-in with Microsoft Entra ID (server side)', () => {
  let microsoft: FakeMicrosoft;
  let t: TestApp;

  beforeAll(async () => {
    microsoft = await startFakeMicrosoft([ADMIN, COLLEAGUE, STRANGER]);
    const config = readConfig(microsoft.crmEnvironment);
    t = await createTestApp(
      setUpEntraAuth(config.auth as EntraAuthConfig, { networkClient: microsoft.networkClient }),
    );
  });
  afterAll(async () => {
    await t?.close();
    await microsoft?.close();
  });
  beforeEach(() => {
    microsoft.state.graphFails = false;
  });

  const get = (token: string, url = '/api/label/getLabels') =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('accepts a valid v2 access token and reads all group pages from Graph on behalf of the user', async () => {
    const response = await get(await microsoft.accessToken(ADMIN), '/api/user/myGroups');
    expect(response.statusCode).toBe(200);
    expect(response.json().result.map((g: { displayName: string }) => g.displayName)).toEqual(
      [...ADMIN.groups].sort(),
    );
    expect((await get(await microsoft.accessToken(ADMIN))).statusCode).toBe(200);
  });

  it.each([
    ['a token of another tenant', { tid: OTHER_TENANT }],
    ['an issuer that does not match tid', { iss: `https://login.microsoftonline.com/${OTHER_TENANT}/v2.0` }],
    ['a v1 issuer', { iss: `https://sts.windows.net/${TENANT}/`, ver: '1.0' }],
    ['a Graph token', { aud: GRAPH_AUDIENCE, scp: 'User.Read' }],
    ['an ID token', { aud: SPA_CLIENT_ID, scp: undefined, nonce: 'n' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 600 }],
    ['a token without the API scope', { scp: 'User.Read' }],
  ])('refuses %s with 401', async (_what, overrides) => {
    expect((await get(await microsoft.accessToken(ADMIN, overrides))).statusCode).toBe(401);
  });

  it('refuses a foreign signing key, alg none and a tampered payload', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const valid = await microsoft.accessToken(ADMIN);
    const [header, payload, signature] = valid.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: microsoft.publicJwk.kid })
      .sign(privateKey);
    expect((await get(foreign)).statusCode).toBe(401);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await get(none)).statusCode).toBe(401);
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, oid: 'someone-else' })).toString('base64url')}.${signature}`;
    expect((await get(tampered)).statusCode).toBe(401);
  });

  it('refuses access (503) when Graph fails and nothing is cached, and never grants', async () => {
    const stranger: FakeUser = { ...ADMIN, oid: 'aaaaaaaa-0000-4000-8000-000000000099' };
    microsoft.state.graphFails = true;
    const response = await get(await microsoft.accessToken(stranger));
    expect(response.statusCode).toBe(503);
    expect(response.json().result.message).toMatch(
      /Verzeichnis \(Microsoft Graph\) ist gerade nicht erreichbar/,
    );
  });

  it('answers from the cache while it is fresh, with one Graph request in flight per user', async () => {
    const token = await microsoft.accessToken(COLLEAGUE);
    const before = microsoft.state.graphCalls;
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(token)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // Five groups in pages of two: three Graph requests, once for all six calls.
    expect(microsoft.state.graphCalls - before).toBe(3);
    microsoft.state.graphFails = true;
    expect((await get(token)).statusCode).toBe(200);
  });

  it("reads Admin-Benutzer's directory from Graph on the admin's behalf: people, locations, photos", async () => {
    const token = await microsoft.accessToken(ADMIN);
    const people = await get(token, '/api/user/getNotDescribedUsers?search=Karl');
    expect(people.statusCode).toBe(200);
    expect(people.json().result).toEqual([
      { azureId: COLLEAGUE.oid, name: 'Karl Kollege', email: 'karl@strussnig.at', username: 'karl' },
    ]);
    const locations = await get(
      token,
      `/api/user/allLocationsFromAzureDirectoryForUser?azureId=${COLLEAGUE.oid}`,
    );
    expect(locations.json().result).toEqual([{ group: 'APP_STANDORT_S_GRAZ', name: 'Graz', branchId: null }]);
    const photo = await get(token, `/api/user/getUserProfileImage/${COLLEAGUE.oid}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(FAKE_PHOTO)).toBe(true);
    // Graph's 404 for a person without a photo becomes 204: no error in the browser's console.
    expect((await get(token, `/api/user/getUserProfileImage/${ADMIN.oid}`)).statusCode).toBe(204);

    microsoft.state.graphFails = true;
    const down = await get(token, '/api/user/getNotDescribedUsers?search=Niemand');
    expect(down.statusCode).toBe(503);
  });

  it("offers as Verkäufer the CRM users Graph names as members of APP_KUNDE, on the caller's behalf", async () => {
    await t.db
      .insertInto('app_user')
      .values([ADMIN, COLLEAGUE, STRANGER].map((user) => ({ azure_oid: user.oid, name: user.name })))
      .execute();
    const options = await get(await microsoft.accessToken(ADMIN), '/api/vorgang/sellerOptions');
    expect(options.statusCode).toBe(200);
    expect(options.json().result.map((option: { name: string }) => option.name)).toEqual([
      'Eva Entra',
      'Karl Kollege',
    ]);
  });
});
