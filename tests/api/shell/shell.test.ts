import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU } from '../../../src/resources/registry';
import { getHealth } from '../../../src/resources/shell/shell.endpoints';
import { pdfPages } from '../offerPdf/pdfText';
import { createTestApp, type TestApp } from '../../support/testApp';

describe('shell: what the web app needs before sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health and the client configuration without a token', async () => {
    expect((await t.callEndpoint(null, getHealth)).result.status).toBe('ok');
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.statusCode).toBe(200);
    expect(config.body).toContain('strussnig');
  });

  it("serves the manual with a section for every area's menu entry, found by the server in the areas' folders", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/tenants/strussnig/handbuch.pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(response.rawPayload)).join(' ');
    // The web app's menu (Vite's glob over src/resources/*/menu.ts): the server's discovery found the same.
    expect(MENU.length).toBeGreaterThanOrEqual(9);
    for (const entry of MENU) expect(text, entry.label).toContain(entry.description.slice(0, 40));
    expect((await t.app.inject({ method: 'GET', url: '/tenants/niemand/handbuch.pdf' })).statusCode).toBe(
      404,
    );
  });
});
