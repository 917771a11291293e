import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API } from '../../../../server/dev/devIdp/apiScope';
import { getMyGroups } from '../../../../src/resources/users/users.endpoints';
import { trackLogin } from '../../../../src/resources/analytics/analytics.endpoints';
import { ISSUER, createTestApp, type TestApp } from '../../../support/testApp';
import { signAccessToken } from '../../../support/tokens';
import { generateKeyPair, exportJWK } from 'jose';

describe('tokens and groups on every API route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const withToken = (token: string, url = '/api/label/getLabels') =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('accepts a valid token', async () => {
    expect((await withToken(await t.tokenFor(['APP_ADMIN']))).statusCode).toBe(200);
  });

  it.each([
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 3600 }],
    ['another audience (a Graph token)', { aud: '00000003-0000-0000-c000-000000000000' }],
    ['an ID token (audience = client id)', { aud: DEV_API.clientId }],
    ['no API scope', { scp: 'User.Read' }],
    ['another tenant', { tid: '99999999-0000-0000-0000-000000000000' }],
    ['another issuer', { iss: 'https://login.microsoftonline.com/x/v2.0' }],
  ])('refuses %s with 401', async (_what, overrides) => {
    const token = await signAccessToken(t.signingKey, ISSUER, ['APP_ADMIN'], overrides);
    expect((await withToken(token)).statusCode).toBe(401);
  });

  it('refuses a token issued beyond the clock tolerance in the future, accepts one within it', async () => {
    const now = Math.floor(Date.now() / 1000);
    const ahead = (seconds: number) =>
      signAccessToken(t.signingKey, ISSUER, ['APP_ADMIN'], { iat: now + seconds, exp: now + seconds + 600 });
    expect((await withToken(await ahead(3600))).statusCode).toBe(401);
    expect((await withToken(await ahead(10))).statusCode).toBe(200);
  });

  it('refuses a token signed with a foreign key, or with alg none', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const foreign = { ...(await exportJWK(privateKey)), kid: t.signingKey.kid };
    expect((await withToken(await signAccessToken(foreign, ISSUER, ['APP_ADMIN']))).statusCode).toBe(401);
    const [, payload] = (await t.tokenFor(['APP_ADMIN'])).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await withToken(none)).statusCode).toBe(401);
  });

  it('gives a person without groups nothing but their (empty) group list', async () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('/api/label/getLabels');
    const myGroups = await t.callEndpoint([], getMyGroups);
    expect(myGroups).toMatchObject({ status: 200, statusCode: 200, result: [] });
    expect((await t.callEndpoint([], trackLogin)).status).toBe(403);
  });

  it('answers user/myGroups with displayName entries and records sign-ins', async () => {
    const groups = await t.callEndpoint(['APP_KUNDE', 'APP_STANDORT_S_VILLACH'], getMyGroups);
    expect(groups.result).toEqual([{ displayName: 'APP_KUNDE' }, { displayName: 'APP_STANDORT_S_VILLACH' }]);
    expect((await t.callEndpoint(['APP_KUNDE'], trackLogin)).status).toBe(200);
  });

  it('keeps health and the client configuration public, and answers unknown API paths in German', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      statusCode: 200,
      result: { status: 'ok', database: 'ok' },
    });
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.result.auth.clientId).toBe(DEV_API.clientId);
    expect(config.result.auth.authority).toMatch(/^https:/);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/gibtEsNicht' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().result.message).toBe('Diese Schnittstelle gibt es nicht.');
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/label/getLabels',
        '/api/label/putLabel/{id}',
        '/api/customStatus/getAllCustomStatus',
      ]),
    );
  });
});
