import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webAppManifest } from '../../../server/shell/manifestRoutes';
import { createTestApp, type TestApp } from '../../support/testApp';

describe('the installable app: web app manifest per tenant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("serves the running tenant's manifest without sign-in", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = response.json<ReturnType<typeof webAppManifest>>();
    expect(manifest).toMatchObject({
      name: 'Strussnig CRM',
      start_url: '/crm/dashboard',
      display: 'standalone',
      // The app theme's colour (Strussnig: orange), as the pages' theme-color.
      theme_color: '#ad4800',
    });
    // Android installs only with PNGs of 192 and 512 px; one of them may be cut to a circle.
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    expect(manifest.icons.every((icon) => icon.src.startsWith('/tenants/strussnig/'))).toBe(true);
  });

  it('names Rekord and its colour for Rekord', () => {
    expect(webAppManifest('rekord')).toMatchObject({ name: 'Rekord CRM', theme_color: '#1565c0' });
    expect(webAppManifest('rekord', 'teal')).toMatchObject({ theme_color: '#00796b' });
  });
});
