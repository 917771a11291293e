import type { Page } from 'playwright-core';

/**
 * Signs in through the real MSAL redirect and the development provider's page. This also guards the
 * plain-http trick of the dev setup: MSAL must accept the https authority with http endpoints.
 */
export async function signIn(page: Page, baseUrl: string, username: string, path = '/crm/dashboard') {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByRole('button', { name: new RegExp(`\\(${username.replace('.', '\\.')}\\)`) }).click();
}
