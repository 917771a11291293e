import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/testApp';
import { customerWorkspace, type CustomerRow } from './customerWorkspaceSetup';

describe('customer workspace: only APP_KUNDE', () => {
  const workspace = customerWorkspace();
  let t: TestApp;
  let customer: CustomerRow;
  beforeAll(() => {
    ({ t, customer } = workspace);
  });

  it('refuses every kunde/ and activity/ call without APP_KUNDE', async () => {
    const routes = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => /(\/api\/(?:kunde|activity)\/\S+) \(([A-Z, ]+)\)/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .flatMap((match) => match[2]!.split(', ').map((method) => [method, match[1]!] as const))
      .filter(([method]) => method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(15);
    for (const [method, path] of routes) {
      const url = path.replace(/:id/g, String(customer.id));
      for (const groups of [['APP_NPS', 'APP_DATEIEN', 'APP_ADMIN', 'APP_ADMIN_VERKAUF'], []]) {
        const { status } = await t.call(groups, {
          method: method as 'GET',
          url,
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(status, `${method} ${url}`).toBe(403);
      }
    }
  });
});
