import type { INetworkModule, NetworkRequestOptions, NetworkResponse } from '@azure/msal-node';
import Fastify, { type FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { freePort } from './freePort';

export const TENANT = '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b';
export const OTHER_TENANT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const SPA_CLIENT_ID = '0b5e2a11-1111-4c1c-9d1d-5a5a5a5a5a51';
export const API_CLIENT_ID = '0b5e2a11-2222-4c1c-9d1d-5a5a5a5a5a52';
export const GRAPH_AUDIENCE = '00000003-0000-0000-c000-000000000000';

export interface FakeUser {
  oid: string;
  name: string;
  username: string;
  groups: string[];
  /** Has a profile photo in the directory. */
  photo?: boolean;
}

/** A file or folder of the fake SharePoint library (parentId 'root' for the top). */
export interface FakeDriveItem {
  id: string;
  name: string;
  parentId: string;
  /** Bytes of a file; absent for a folder. */
  content?: Buffer;
  /** Only these people may see it (SharePoint's own permissions); everyone when absent. */
  onlyFor?: string[];
}

/** A 1×1 PNG: the fake directory's profile photo. */
export const FAKE_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Microsoft Entra ID and Graph as far as the CRM uses them, on loopback: the signing keys, tokens in
 * Entra's v2 shape, /me/transitiveMemberOf in pages of two, the directory's /users (with startswith
 * filters, a user's groups and photo), /groups by name with their members, and the on-behalf-of exchange.
 */
export async function startFakeMicrosoft(users: FakeUser[], drive: FakeDriveItem[] = []) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'fake-entra-key';
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const state = {
    graphFails: false,
    graphCalls: 0,
    oboCalls: 0,
    /** The Authorization header each redirected SharePoint download arrived with. */
    downloadAuthorizations: [] as (string | undefined)[],
  };
  const byOid = new Map(users.map((u) => [u.oid, u]));
  const graphTokenOwner = (authorization?: string) =>
    byOid.get((authorization ?? '').replace('Bearer graph-token-for-', ''));

  const server = Fastify({ logger: false });
  server.get('/common/discovery/v2.0/keys', async () => ({ keys: [publicJwk] }));
  server.get<{ Querystring: { $skiptoken?: string } }>(
    '/v1.0/me/transitiveMemberOf/microsoft.graph.group',
    async (request, reply) => {
      state.graphCalls++;
      if (state.graphFails) return reply.code(503).send({ error: { code: 'serviceUnavailable' } });
      const user = graphTokenOwner(request.headers.authorization);
      if (!user) return reply.code(401).send({ error: { code: 'InvalidAuthenticationToken' } });
      const page = Number(request.query.$skiptoken ?? 0);
      const value = user.groups.slice(page * 2, page * 2 + 2).map((displayName) => ({ displayName }));
      const more = (page + 1) * 2 < user.groups.length;
      return {
        value,
        ...(more
          ? {
              '@odata.nextLink': `${baseUrl}/v1.0/me/transitiveMemberOf/microsoft.graph.group?$skiptoken=${page + 1}`,
            }
          : {}),
      };
    },
  );
  const graphUser = (u: FakeUser) => ({
    id: u.oid,
    displayName: u.name,
    mail: u.username,
    userPrincipalName: u.username,
  });
  /** Directory reads need a Graph token of a known person (as delegated permissions do). */
  server.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1.0/users') && !request.url.startsWith('/v1.0/groups')) return;
    state.graphCalls++;
    if (state.graphFails) return reply.code(503).send({ error: { code: 'serviceUnavailable' } });
    if (!graphTokenOwner(request.headers.authorization))
      return reply.code(401).send({ error: { code: 'InvalidAuthenticationToken' } });
  });
  server.get<{ Querystring: { $filter?: string } }>('/v1.0/users', async (request) => {
    // Enough of OData for the CRM: the text of the first startswith(…, '…').
    const prefix = /startswith\(\w+,'((?:[^']|'')*)'\)/
      .exec(request.query.$filter ?? '')?.[1]
      ?.replace(/''/g, "'");
    const matching = users.filter(
      (u) => !prefix || [u.name, u.username].some((t) => t.toLowerCase().startsWith(prefix.toLowerCase())),
    );
    return { value: matching.map(graphUser) };
  });
  server.get<{ Params: { id: string } }>('/v1.0/users/:id', async (request, reply) => {
    const user = byOid.get(request.params.id);
    return user ? graphUser(user) : reply.code(404).send({ error: { code: 'Request_ResourceNotFound' } });
  });
  server.get<{ Params: { id: string } }>(
    '/v1.0/users/:id/transitiveMemberOf/microsoft.graph.group',
    async (request, reply) => {
      const user = byOid.get(request.params.id);
      if (!user) return reply.code(404).send({ error: { code: 'Request_ResourceNotFound' } });
      return { value: user.groups.map((displayName) => ({ displayName })) };
    },
  );
  // A group by its name (`displayName eq '…'`), and its members: the groups are those the users have.
  server.get<{ Querystring: { $filter?: string } }>('/v1.0/groups', async (request) => {
    const name = /displayName eq '((?:[^']|'')*)'/
      .exec(request.query.$filter ?? '')?.[1]
      ?.replace(/''/g, "'");
    const exists = users.some((u) => name !== undefined && u.groups.includes(name));
    return { value: exists ? [{ id: `group-${name}` }] : [] };
  });
  server.get<{ Params: { id: string } }>(
    '/v1.0/groups/:id/transitiveMembers/microsoft.graph.user',
    async (request) => {
      const name = request.params.id.replace(/^group-/, '');
      return { value: users.filter((u) => u.groups.includes(name)).map((u) => ({ id: u.oid })) };
    },
  );
  server.get<{ Params: { id: string } }>('/v1.0/users/:id/photos/96x96/$value', async (request, reply) => {
    const user = byOid.get(request.params.id);
    if (!user?.photo) return reply.code(404).send({ error: { code: 'ImageNotFound' } });
    return reply.header('content-type', 'image/png').send(FAKE_PHOTO);
  });
  registerFakeDrive(
    server,
    drive,
    state,
    graphTokenOwner,
    () => `http://localhost:${port}`,
    () => baseUrl,
  );
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  await server.listen({ port, host: '127.0.0.1' });

  /** Signs a token in Entra's v2 access-token shape; overrides change any claim. */
  async function accessToken(user: FakeUser, overrides: JWTPayload & { alg?: string } = {}) {
    const { alg = 'RS256', ...claims } = overrides;
    const now = Math.floor(Date.now() / 1000);
    const tid = (claims.tid as string | undefined) ?? TENANT;
    return new SignJWT({
      iss: `https://login.microsoftonline.com/${tid}/v2.0`,
      aud: API_CLIENT_ID,
      sub: `sub-${user.oid}`,
      iat: now,
      nbf: now,
      exp: now + 3600,
      oid: user.oid,
      tid,
      scp: 'access_as_user',
      ver: '2.0',
      name: user.name,
      preferred_username: user.username,
      azp: SPA_CLIENT_ID,
      ...claims,
    })
      .setProtectedHeader({ alg, kid, typ: 'JWT' })
      .sign(privateKey);
  }

  /** Signs any claims with the tenant's key (ID tokens, for example). */
  const signJwt = (claims: JWTPayload) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(privateKey);

  const json = <T>(body: unknown, status = 200): NetworkResponse<T> => ({
    headers: {},
    body: body as T,
    status,
  });
  /** msal-node's network: instance discovery, the tenant's metadata, and the on-behalf-of token endpoint. */
  const networkClient: INetworkModule = {
    async sendGetRequestAsync<T>(url: string): Promise<NetworkResponse<T>> {
      if (url.includes('/discovery/instance')) {
        return json({
          tenant_discovery_endpoint: `https://login.microsoftonline.com/${TENANT}/v2.0/.well-known/openid-configuration`,
          metadata: [
            {
              preferred_network: 'login.microsoftonline.com',
              preferred_cache: 'login.windows.net',
              aliases: ['login.microsoftonline.com'],
            },
          ],
        });
      }
      const tenant = /microsoftonline\.com\/([^/]+)\//.exec(url)?.[1] ?? TENANT;
      return json({
        issuer: `https://login.microsoftonline.com/${tenant}/v2.0`,
        authorization_endpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`,
        token_endpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
        end_session_endpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/logout`,
        jwks_uri: `https://login.microsoftonline.com/${tenant}/discovery/v2.0/keys`,
        response_types_supported: ['code'],
      });
    },
    async sendPostRequestAsync<T>(
      _url: string,
      options?: NetworkRequestOptions,
    ): Promise<NetworkResponse<T>> {
      state.oboCalls++;
      const form = new URLSearchParams(options?.body ?? '');
      const assertion = form.get('assertion') ?? '';
      const payload = JSON.parse(
        Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString() || '{}',
      ) as { oid?: string };
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !payload.oid) {
        return json({ error: 'invalid_grant' }, 400);
      }
      return json({
        token_type: 'Bearer',
        scope: 'https://graph.microsoft.com/.default',
        expires_in: 3600,
        ext_expires_in: 3600,
        access_token: `graph-token-for-${payload.oid}`,
      });
    },
  };

  /** The CRM's environment for signing in against this fake (as an Entra deployment sets it). */
  const crmEnvironment = {
    AUTH_MODE: 'entra',
    ENTRA_CLIENT_ID: SPA_CLIENT_ID,
    ENTRA_API_CLIENT_ID: API_CLIENT_ID,
    ENTRA_ALLOWED_TENANTS: TENANT,
    ENTRA_CLIENT_SECRET: 'geheim',
    ENTRA_JWKS_URL: `${baseUrl}/common/discovery/v2.0/keys`,
    GRAPH_BASE_URL: baseUrl,
  };

  return {
    baseUrl,
    crmEnvironment,
    state,
    publicJwk,
    accessToken,
    signJwt,
    networkClient,
    close: () => server.close(),
  };
}

export type FakeMicrosoft = Awaited<ReturnType<typeof startFakeMicrosoft>>;

/**
 * A SharePoint document library as Graph shows it (`/v1.0/sites/{site}/drive/…`): items, children in pages
 * of two, search by name, content as a redirect to another host (as Graph does), each person seeing only
 * what SharePoint lets them see.
 */
function registerFakeDrive(
  server: FastifyInstance,
  drive: FakeDriveItem[],
  state: { graphFails: boolean; graphCalls: number; downloadAuthorizations: (string | undefined)[] },
  graphTokenOwner: (authorization?: string) => FakeUser | undefined,
  otherHost: () => string,
  baseUrl: () => string,
) {
  const pathOf = (item: FakeDriveItem): string => {
    const parent = drive.find((d) => d.id === item.parentId);
    return parent ? `${pathOf(parent)}/${encodeURIComponent(parent.name)}` : '/drive/root:';
  };
  const shown = (item: FakeDriveItem) => ({
    id: item.id,
    name: item.name,
    lastModifiedDateTime: '2026-03-02T08:30:00Z',
    parentReference: { id: item.parentId, path: pathOf(item) },
    ...(item.content
      ? { size: item.content.length, file: { mimeType: 'application/octet-stream' } }
      : { folder: { childCount: 0 } }),
  });
  server.get<{ Params: { site: string; '*': string }; Querystring: { $skiptoken?: string } }>(
    '/v1.0/sites/:site/drive/*',
    async (request, reply) => {
      state.graphCalls++;
      if (state.graphFails) return reply.code(503).send({ error: { code: 'serviceUnavailable' } });
      const user = graphTokenOwner(request.headers.authorization);
      if (!user) return reply.code(401).send({ error: { code: 'InvalidAuthenticationToken' } });
      const visible = drive.filter((d) => !d.onlyFor || d.onlyFor.includes(user.oid));
      const rest = request.params['*'];
      const search = /^root\/search\(q='((?:[^']|'')*)'\)$/.exec(decodeURIComponent(rest));
      if (search) {
        const text = search[1]!.replace(/''/g, "'").toLowerCase();
        return { value: visible.filter((d) => d.name.toLowerCase().includes(text)).map(shown) };
      }
      const match = /^(root|items\/([^/]+))(\/children|\/content)?$/.exec(rest);
      if (!match) return reply.code(400).send({ error: { code: 'invalidRequest' } });
      const id = match[2] ?? 'root';
      const item = visible.find((d) => d.id === id);
      if (id !== 'root' && !item) return reply.code(404).send({ error: { code: 'itemNotFound' } });
      if (match[3] === '/children') {
        const page = Number(request.query.$skiptoken ?? 0);
        const children = visible.filter((d) => d.parentId === id);
        const more = (page + 1) * 2 < children.length;
        return {
          value: children.slice(page * 2, page * 2 + 2).map(shown),
          ...(more
            ? {
                '@odata.nextLink': `${baseUrl()}/v1.0/sites/${request.params.site}/drive/${rest}?$skiptoken=${page + 1}`,
              }
            : {}),
        };
      }
      if (match[3] === '/content') {
        if (!item?.content) return reply.code(404).send({ error: { code: 'itemNotFound' } });
        return reply.redirect(`${otherHost()}/fake-sharepoint-download/${item.id}`, 302);
      }
      return item ? shown(item) : { id: 'root', name: 'root', folder: { childCount: 0 } };
    },
  );
  server.get<{ Params: { id: string } }>('/fake-sharepoint-download/:id', async (request, reply) => {
    state.downloadAuthorizations.push(request.headers.authorization);
    const item = drive.find((d) => d.id === request.params.id);
    return item?.content ? reply.type('application/octet-stream').send(item.content) : reply.code(404).send();
  });
}
