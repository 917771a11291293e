import Fastify, { type FastifyInstance } from 'fastify';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webAppPlugin } from '../../server/platform/http/webAppPlugin';

const TENANT_ICON = '<svg xmlns="http://www.w3.org/2000/svg"><title>Strussnig</title></svg>';
const SCRIPT = `console.log(${JSON.stringify('Fenster '.repeat(400))});`;

describe('the built web app as the server delivers it', () => {
  let app: FastifyInstance;
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'fenster-crm-web-'));
    await mkdir(path.join(root, 'assets'));
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>CRM</title>');
    await writeFile(path.join(root, 'signed-in.html'), '<!doctype html><title>CRM mit MSAL</title>');
    await writeFile(
      path.join(root, 'landing.html'),
      '<!doctype html><title>CRM mit MSAL und Mein Tag</title>',
    );
    const asset = path.join(root, 'assets', 'index-Ab3_x9Zq.js');
    await writeFile(asset, SCRIPT);
    await writeFile(`${asset}.br`, brotliCompressSync(SCRIPT));
    await writeFile(`${asset}.gz`, gzipSync(SCRIPT));
    await writeFile(path.join(root, 'favicon.svg'), '<svg/>');
    await mkdir(path.join(root, 'tenants', 'strussnig'), { recursive: true });
    await writeFile(path.join(root, 'tenants', 'strussnig', 'favicon.svg'), TENANT_ICON);
    app = Fastify();
    await app.register(webAppPlugin, {
      webRoot: root,
      publicUrl: 'http://localhost:3000',
      favicon: '/tenants/strussnig/favicon.svg',
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost:3000', ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('sends hashed assets in the brotli or gzip copy the build made, cached for good', async () => {
    const br = await get('/assets/index-Ab3_x9Zq.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await get('/assets/index-Ab3_x9Zq.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-Ab3_x9Zq.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the browser ask again for what is not content-hashed: index.html, deep links, the favicon', async () => {
    for (const url of ['/crm/kunden/12', '/favicon.svg']) {
      expect((await get(url, 'br')).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("answers /favicon.ico with the tenant's icon, which pages without an icon link ask for", async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.body).toBe(TENANT_ICON);
    // An icon elsewhere (FAVICON as a URL) is where the browser is sent.
    const elsewhere = Fastify();
    await elsewhere.register(webAppPlugin, {
      webRoot: root,
      publicUrl: 'http://localhost:3000',
      favicon: 'https://cdn.example.at/icon.png',
    });
    const redirect = await elsewhere.inject({ url: '/favicon.ico', headers: { host: 'localhost:3000' } });
    expect([redirect.statusCode, redirect.headers.location]).toEqual([
      302,
      'https://cdn.example.at/icon.png',
    ]);
    await elsewhere.close();
  });

  it('sends signed-in.html (MSAL asked for at once) behind the sign-in, index.html to the public pages', async () => {
    for (const url of [
      '/',
      '/crm/kunden',
      '/crm/kunden/12?tab=vorgaenge',
      '/auth-callback',
      '/crm/dashboard?x=1',
    ]) {
      expect((await get(url)).body, url).toBe('<!doctype html><title>CRM mit MSAL</title>');
    }
    // The landing itself: the same, with the phone's light page asked for at once (build/signedInPreload.ts).
    expect((await get('/crm/dashboard')).body).toContain('und Mein Tag');
    for (const url of [
      '/login',
      '/login?state=abc',
      '/zugriff',
      '/umfrage/Xy12',
      '/abmelden/Xy12',
      '/angebot/Xy12',
    ]) {
      expect((await get(url)).body, url).toBe('<!doctype html><title>CRM</title>');
    }
  });
});
