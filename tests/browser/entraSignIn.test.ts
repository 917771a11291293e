import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config/env';
import { startServer, type RunningServer } from '../../server/start';
import { failOnCspViolations, sharedChromium, watchContentSecurityPolicy } from '../support/browserSession';
import { routeMicrosoft } from '../support/entraRoutes';
import { startFakeMicrosoft, type FakeMicrosoft, type FakeUser } from '../support/fakeMicrosoft';
import { freePort } from '../support/freePort';

const EVA: FakeUser = {
  oid: 'bbbbbbbb-0000-4000-8000-000000000001',
  name: 'Eva Entra',
  username: 'eva.entra@strussnig.at',
  groups: ['APP_KUNDE', 'APP_ADMIN', 'APP_STANDORT_S_KLAGENFURT'],
};
const NOBODY: FakeUser = {
  oid: 'bbbbbbbb-0000-4000-8000-000000000002',
  name: 'Nina Neu',
  username: 'nina@strussnig.at',
  groups: [],
};

describe('the unchanged MSAL code against a simulated Microsoft Entra ID', () => {
  let microsoft: FakeMicrosoft;
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;
  let baseUrl: string;
  let user = EVA;

  beforeAll(async () => {
    microsoft = await startFakeMicrosoft([EVA, NOBODY]);
    dataDir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-entra-'));
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    const config = readConfig({
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      SEED_CUSTOMERS: '20',
      LOG_LEVEL: 'warn',
      ...microsoft.crmEnvironment,
    });
    server = await startServer(config, { entraNetworkClient: microsoft.networkClient });
    browser = await sharedChromium();
  });
  afterAll(async () => {
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
    await server?.stop();
    await microsoft?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  // MSAL against Microsoft's origins must work under the Entra-mode CSP.
  afterEach(() => failOnCspViolations());

  async function newContext(): Promise<{
    context: BrowserContext;
    calls: { photo: number; logout: number };
  }> {
    // No service worker: it fetches every file of the build after the page's load (MSAL's too), which is the
    // installable app's cache, not the page loading MSAL.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
    });
    await watchContentSecurityPolicy(context);
    const calls = await routeMicrosoft(context, microsoft, () => user);
    return { context, calls };
  }

  it('signs in, keeps the deep link, shows Graph groups and the photo, and signs out', async () => {
    user = EVA;
    const { context, calls } = await newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/crm/admin/reasons`);
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(`${baseUrl}/crm/admin/reasons`);
    // The groups came from Graph via the server: APP_ADMIN opens the Admin area.
    await page.getByRole('tab', { name: 'Gründe' }).waitFor();
    await page.getByRole('row', { name: /Erstkontakt/ }).waitFor();
    // The profile picture came from Graph with a Graph token (not the API token).
    await page.locator('header img[src^="blob:"]').waitFor();
    expect(calls.photo).toBe(1);
    await page.getByRole('button', { name: 'Profil' }).click();
    await page.getByRole('button', { name: /Abmelden/ }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect(calls.logout).toBe(1);
    await context.close();
  });

  it('sends a person without groups in the directory to the access-denied page', async () => {
    user = NOBODY;
    const { context } = await newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(`${baseUrl}/zugriff`);
    await page.getByText('Ihnen sind keine AD-Gruppen zugeordnet').waitFor();
    await context.close();
  });

  it('loads MSAL on the sign-in page only for "Anmelden" or a person still signed in, never for the survey, and the configuration once', async () => {
    user = EVA;
    const { context } = await newContext();
    const msalFiles: string[] = [];
    let configRequests = 0;
    context.on('request', (request) => {
      if (/\/assets\/msal-[^/]*\.js$/.test(request.url())) msalFiles.push(request.url());
      if (new URL(request.url()).pathname === '/api/config') configRequests += 1;
    });
    const page = await context.newPage();
    const idle = () => page.waitForLoadState('networkidle');

    await page.goto(`${baseUrl}/umfrage/kein-gueltiger-link`);
    await page.getByRole('alert').waitFor();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    await idle();
    expect(msalFiles).toHaveLength(0);
    // index.html preloads the configuration; loadClientConfig's fetch takes that response (one request).
    expect(configRequests).toBe(2);

    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(`${baseUrl}/crm/dashboard`);
    expect(msalFiles.length).toBeGreaterThan(0);

    // Still signed in: /login starts MSAL by itself and forwards.
    await page.goto(`${baseUrl}/login`);
    await page.waitForURL(`${baseUrl}/crm/dashboard`);

    // Signed out, the sign-in page waits for the click again, and the next sign-in works (MSAL closed the
    // sign-out redirect).
    await page.getByRole('button', { name: 'Profil' }).click();
    await page.getByRole('button', { name: /Abmelden/ }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await idle();
    msalFiles.length = 0;
    await page.reload();
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    await idle();
    expect(msalFiles).toHaveLength(0);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(`${baseUrl}/crm/dashboard`);
    await context.close();
  });

  it('says in German when "Anmelden" cannot load the sign-in (network gone), and lets the person try again', async () => {
    user = EVA;
    const { context } = await newContext();
    const page = await context.newPage();
    await page.route(/\/assets\/msal(Client)?-[^/]*\.js$/, (route) => route.abort());
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Die Anmeldung konnte nicht gestartet werden. Bitte prüfen Sie Ihre Verbindung' })
      .waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Anmelden' }).isEnabled()).toBe(true);
    await context.close();
  });
});
