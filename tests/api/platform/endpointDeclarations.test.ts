import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUPS } from '../../../src/auth/groups';
import { loadEntities } from '../../../server/platform/entities/loadEntities';
import { endpointDeclarations } from '../../support/endpointDeclarations';
import { createTestApp, type TestApp } from '../../support/testApp';

const ALL_GROUPS = Object.values(GROUPS);
const declared = await endpointDeclarations();

// A URL for a declared path: numbers for ids, a word for anything else.
const urlOf = (path: string) => `/api/${path.replace(/:id\b/g, '1').replace(/:\w+/g, 'x')}`;

describe('declared endpoints on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has a route for every declared endpoint, and no /api route that nobody declared', async () => {
    for (const { name, endpoint } of declared) {
      expect(t.app.hasRoute({ method: endpoint.method, url: `/api/${endpoint.path}` }), name).toBe(true);
    }
    const entityPaths = (await loadEntities()).flatMap((e) => Object.values(e.endpoints));
    const routes = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => /(\/api\/\S+) \(([A-Z, ]+)\)/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .flatMap((match) => match[2]!.split(', ').map((method) => [method, match[1]!.slice(5)] as const))
      .filter(([method, path]) => method !== 'HEAD' && !path.startsWith('docs'));
    const undeclared = routes.filter(
      ([method, path]) =>
        !declared.some((d) => d.endpoint.method === method && d.endpoint.path === path) &&
        !entityPaths.some((entityPath) => path === entityPath || path.startsWith(`${entityPath}/`)),
    );
    expect(undeclared).toEqual([]);
  });

  it('refuses every endpoint without a token, and every group endpoint to the other groups', async () => {
    for (const [index, { name, endpoint }] of declared.entries()) {
      if ('public' in endpoint.access) continue;
      const request = {
        method: endpoint.method,
        url: urlOf(endpoint.path),
        payload: endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {},
      };
      // Each caller without a token from its own address: one address past 100 refusals a minute is slowed (429).
      const anonymous = { ...request, remoteAddress: `10.9.${index >> 8}.${index & 255}` };
      // Raw on purpose (callAs): every endpoint gets the same empty body, whatever it declares.
      expect((await t.callAs(null, anonymous)).status, `${name} ohne Anmeldung`).toBe(401);
      if (!('groups' in endpoint.access)) continue;
      const allowed: readonly string[] = endpoint.access.groups;
      const others = ALL_GROUPS.filter((group) => !allowed.includes(group));
      for (const groups of [others, []]) {
        const { status, message } = await t.callAs(groups, request);
        expect(status, `${name} mit ${groups.join(', ') || 'keiner Gruppe'}`).toBe(403);
        expect(message).toMatch(/Berechtigung|AD-Gruppen/);
      }
    }
  });
});
