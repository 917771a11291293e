import type { BrowserContext, Route } from 'playwright-core';
import { SPA_CLIENT_ID, TENANT, type FakeMicrosoft, type FakeUser } from './fakeMicrosoft';

const LOGIN = 'https://login.microsoftonline.com';
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};
// A 1×1 PNG: what Graph's /me/photo/$value returns for the signed-in person.
export const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', headers: CORS, body: JSON.stringify(body) });

/**
 * Answers the browser's calls to Microsoft Entra ID and Graph like the real services do, so the
 * unchanged MSAL code signs in: discovery, authorize (as `signInAs`), token, logout, /me/photo.
 */
export async function routeMicrosoft(
  context: BrowserContext,
  microsoft: FakeMicrosoft,
  signInAs: () => FakeUser,
) {
  const pending = new Map<string, { nonce: string; user: FakeUser }>();
  const calls = { photo: 0, logout: 0 };
  const clientInfo = (user: FakeUser) =>
    Buffer.from(JSON.stringify({ uid: user.oid, utid: TENANT })).toString('base64url');
  const idToken = async (user: FakeUser, nonce: string) => {
    const now = Math.floor(Date.now() / 1000);
    return microsoft.signJwt({
      iss: `${LOGIN}/${TENANT}/v2.0`,
      aud: SPA_CLIENT_ID,
      sub: `sub-${user.oid}`,
      iat: now,
      nbf: now,
      exp: now + 3600,
      nonce,
      oid: user.oid,
      tid: TENANT,
      name: user.name,
      preferred_username: user.username,
      ver: '2.0',
    });
  };

  await context.route(`${LOGIN}/**`, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    if (url.pathname.endsWith('/discovery/instance')) {
      return json(route, {
        tenant_discovery_endpoint: `${LOGIN}/organizations/v2.0/.well-known/openid-configuration`,
        'api-version': '1.1',
        metadata: [
          {
            preferred_network: 'login.microsoftonline.com',
            preferred_cache: 'login.windows.net',
            aliases: [
              'login.microsoftonline.com',
              'login.windows.net',
              'login.microsoft.com',
              'sts.windows.net',
            ],
          },
        ],
      });
    }
    if (url.pathname.endsWith('/.well-known/openid-configuration')) {
      return json(route, {
        issuer: `${LOGIN}/{tenantid}/v2.0`,
        authorization_endpoint: `${LOGIN}/organizations/oauth2/v2.0/authorize`,
        token_endpoint: `${LOGIN}/organizations/oauth2/v2.0/token`,
        end_session_endpoint: `${LOGIN}/organizations/oauth2/v2.0/logout`,
        jwks_uri: `${LOGIN}/organizations/discovery/v2.0/keys`,
        response_modes_supported: ['query', 'fragment', 'form_post'],
        response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
        scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        tenant_region_scope: 'EU',
        cloud_instance_name: 'microsoftonline.com',
      });
    }
    if (url.pathname.endsWith('/oauth2/v2.0/authorize')) {
      const user = signInAs();
      const code = `code-${Math.random().toString(36).slice(2)}`;
      pending.set(code, { nonce: url.searchParams.get('nonce') ?? '', user });
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.hash = new URLSearchParams({
        code,
        state: url.searchParams.get('state') ?? '',
        client_info: clientInfo(user),
        session_state: 'fake',
      }).toString();
      return route.fulfill({ status: 302, headers: { location: back.toString() } });
    }
    if (url.pathname.endsWith('/oauth2/v2.0/token')) {
      const form = new URLSearchParams(request.postData() ?? '');
      const scope = form.get('scope') ?? '';
      const grant =
        form.get('grant_type') === 'authorization_code' ? pending.get(form.get('code') ?? '') : undefined;
      const user = grant?.user ?? signInAs();
      const wantsGraph = /User\.Read/i.test(scope) && !scope.includes('access_as_user');
      return json(route, {
        token_type: 'Bearer',
        scope: wantsGraph
          ? 'https://graph.microsoft.com/User.Read https://graph.microsoft.com/Group.Read.All'
          : scope
              .split(' ')
              .filter((s) => s.includes('access_as_user'))
              .join(' '),
        expires_in: 3600,
        ext_expires_in: 3600,
        access_token: wantsGraph ? `graph-browser-token-${user.oid}` : await microsoft.accessToken(user),
        refresh_token: `refresh-${user.oid}`,
        id_token: await idToken(user, grant?.nonce ?? ''),
        client_info: clientInfo(user),
      });
    }
    if (url.pathname.endsWith('/oauth2/v2.0/logout')) {
      // Abmelden first asks whether the directory answers at all (a HEAD without cookies, which ends nothing).
      if (route.request().method() === 'HEAD') return route.fulfill({ status: 200, headers: CORS });
      calls.logout++;
      return route.fulfill({
        status: 302,
        headers: { location: url.searchParams.get('post_logout_redirect_uri')! },
      });
    }
    return route.fulfill({ status: 404, headers: CORS, body: 'unbekannt' });
  });

  await context.route('https://graph.microsoft.com/**', async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const authorization = (await request.allHeaders()).authorization ?? '';
    if (!authorization.startsWith('Bearer graph-browser-token-'))
      return json(route, { error: { code: 'InvalidAuthenticationToken' } }, 401);
    calls.photo++;
    return route.fulfill({ status: 200, contentType: 'image/png', headers: CORS, body: PHOTO });
  });
  return calls;
}
