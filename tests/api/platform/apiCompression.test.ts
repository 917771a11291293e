import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/testApp';

describe('API answers over the wire', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('compresses answers above 1 kB as the client accepts, and leaves small ones alone', async () => {
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(big.rawPayload).toString('utf8')) as { paths: object };
    expect(Object.keys(document.paths).length).toBeGreaterThan(40);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(document).length / 4);

    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ statusCode: 200, result: { status: 'ok', database: 'ok' } });
  });
});
