import { describe, expect, it } from 'vitest';
import { loginPage, logoutPage } from '../../server/dev/devIdp/pages';

// The sign-in service's pages named no icon, so the browser asked for /favicon.ico (404).
describe("the development sign-in service's pages", () => {
  it("link the tenant's icon (/favicon.ico, which the app answers)", () => {
    const user = { username: 'anna.admin', name: 'Anna Admin', email: 'a@b.at', oid: 'o', groups: [] };
    for (const html of [loginPage('uid-1', [user]), logoutPage('<form id="op.logoutForm"></form>')]) {
      expect(html).toMatch(/<link rel="icon" href="\/favicon\.ico">/);
    }
  });
});
