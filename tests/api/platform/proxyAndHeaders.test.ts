import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/testApp';

/** The server's log lines of one test app, parsed. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    incoming: (reqId: string) =>
      lines.find((l) => l.reqId === reqId && l.msg === 'incoming request')?.req as
        Record<string, unknown> | undefined,
  };
}

const NGINX_ID = '0f3c1a2b4d5e6f708192a3b4c5d6e7f8';

describe('behind a reverse proxy: client address, scheme and request id', () => {
  const log = capturedLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      network: { trustProxy: ['127.0.0.1', '10.0.0.0/8'], metrics: { allow: [] } },
      logStream: log.stream,
    });
  });
  afterAll(() => t.close());

  const proxied = (remoteAddress: string, requestId: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress,
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https', 'x-request-id': requestId },
    });

  it('takes address, scheme and X-Request-Id from a trusted proxy and echoes the id', async () => {
    for (const proxy of ['127.0.0.1', '10.20.30.40', '::ffff:10.1.1.1']) {
      const response = await proxied(proxy, NGINX_ID);
      expect(response.headers['x-request-id']).toBe(NGINX_ID);
      expect(log.incoming(NGINX_ID)).toMatchObject({ remoteAddress: '203.0.113.7', scheme: 'https' });
      log.lines.length = 0;
    }
  });

  it('believes nothing a client sends past the proxy: its own address, a fresh id', async () => {
    const response = await proxied('192.0.2.9', NGINX_ID);
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(id).not.toBe(NGINX_ID);
    expect(log.incoming(id)).toMatchObject({ remoteAddress: '192.0.2.9', scheme: 'http' });
  });

  it('names the instance that answered in X-Instance and on every log line (INSTANCE_NAME, else the host)', async () => {
    const response = await proxied('127.0.0.1', NGINX_ID);
    expect(response.headers['x-instance']).toBe(hostname());
    const lines = log.lines.filter((line) => line.reqId === NGINX_ID);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.instance).toBe(hostname());
  });

  it('replaces an id that is no id (text meant for the log) even from the proxy', async () => {
    const response = await proxied('127.0.0.1', 'x\n{"level":60,"msg":"forged"}');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('trusts no forwarded header and still gives every answer an id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-request-id': NGINX_ID },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a permissions policy that allows the camera here and nothing else on the device, and no HSTS on http', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(response.headers['permissions-policy']);
    expect(policy).toContain('camera=(self)');
    for (const feature of ['geolocation', 'microphone', 'payment', 'usb'])
      expect(policy).toContain(`${feature}=()`);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('served over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://crm.example.at' });
  });
  afterAll(() => t.close());

  it('tells browsers to come back only over https (HSTS)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000; includeSubDomains/);
  });
});
