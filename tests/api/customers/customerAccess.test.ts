import { beforeAll, describe, expect, it } from 'vitest';
import type { HttpMethod } from '../../../src/api/endpoint';
import type { TestApp } from '../../support/testApp';
import { customerWorkspace, type CustomerRow } from './customerWorkspaceSetup';

const HTTP_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies HttpMethod[];
const isHttpMethod = (method: string): method is HttpMethod => HTTP_METHODS.includes(method);

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
      .filter(([method]) => method !== 'HEAD')
      .map(([method, path]) => {
        if (!isHttpMethod(method)) throw new Error(`${method} ${path}: unbekannte Methode`);
        return [method, path] as const;
      });
    expect(routes.length).toBeGreaterThan(15);
    for (const [method, path] of routes) {
      const url = path.replace(/:id/g, String(customer.id));
      for (const groups of [['APP_NPS', 'APP_DATEIEN', 'APP_ADMIN', 'APP_ADMIN_VERKAUF'], []]) {
        const { status } = await t.callAs(groups, {
          method,
          url,
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(status, `${method} ${url}`).toBe(403);
      }
    }
  });
});
