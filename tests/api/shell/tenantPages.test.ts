import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/testApp';

const EXPECTED = {
  strussnig: { title: 'Strussnig Verkaufs-CRM', color: '#ad4800' },
  rekord: { title: 'Rekord Vertriebs-CRM', color: '#1565c0' },
} as const;

// The page's head names the tenant before any script runs: the tab (title, favicon), the phone's bar and the
// installed app (theme-color, equal to the manifest's and the app theme's), iOS's home screen (apple-touch-icon).
describe.each(['strussnig', 'rekord'] as const)("the %s pages' head", (tenant) => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    // The build's pages are made from index.html: its head is what the server rewrites.
    webRoot = await mkdtemp(path.join(tmpdir(), 'fenster-crm-pages-'));
    const template = await readFile('index.html', 'utf8');
    await writeFile(path.join(webRoot, 'index.html'), template);
    await writeFile(
      path.join(webRoot, 'signed-in.html'),
      template.replace('</head>', '<!-- signed in -->\n</head>'),
    );
    t = await createTestApp({ tenant, webRoot });
  });
  afterAll(async () => {
    await t.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000', ...headers } });

  it('names the tenant in title, favicon, theme colour and home-screen icon of every page', async () => {
    const { title, color } = EXPECTED[tenant];
    for (const url of [
      '/',
      '/crm/kunden/12',
      '/index.html',
      '/signed-in.html?__WB_REVISION__=abc',
      '/login',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const html = response.body;
      expect(html, url).toContain(`<title>${title}</title>`);
      expect(html).toContain(
        `<link rel="icon" href="/tenants/${tenant}/favicon.svg" type="image/svg+xml" />`,
      );
      expect(html).toContain(`<meta name="theme-color" content="${color}" />`);
      expect(html).toContain(
        `<link rel="apple-touch-icon" href="/tenants/${tenant}/apple-touch-icon.png" />`,
      );
      expect(html).not.toContain('Fenster CRM</title>');
      expect(html).not.toContain('href="/favicon.svg"');
    }
    expect((await page('/signed-in.html')).body).toContain('<!-- signed in -->');
    const manifest = (await page('/manifest.webmanifest')).json<{ theme_color: string }>();
    expect(manifest.theme_color).toBe(color);
    const config = (await page('/api/config')).json<{ result: { ui: { theme: string } } }>();
    expect(config.result.ui.theme).toBe(tenant === 'rekord' ? 'blue' : 'orange');
  });

  it('answers a page unchanged since with 304, and a changed build file with the new page', async () => {
    const first = await page('/login');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await page('/login', { 'if-none-match': etag })).statusCode).toBe(304);
    // A deployment replaces the build's files under the running instance.
    const template = await readFile(path.join(webRoot, 'index.html'), 'utf8');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFile(path.join(webRoot, 'index.html'), template.replace('</head>', '<!-- next -->\n</head>'));
    const next = await page('/login', { 'if-none-match': etag });
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('<!-- next -->');
    expect(next.body).toContain(`<title>${EXPECTED[tenant].title}</title>`);
  });
});
