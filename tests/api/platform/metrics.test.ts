import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUPS } from '../../../src/auth/groups';
import { createTestApp, type TestApp } from '../../support/testApp';

const TOKEN = 'metrics-token-for-the-monitoring';

describe('/metrics for Prometheus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      network: { trustProxy: ['127.0.0.1'], metrics: { allow: ['10.9.0.0/16'], token: TOKEN } },
    });
  });
  afterAll(() => t.close());

  const scrape = (options: { remoteAddress?: string; token?: string; forwardedFor?: string } = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: options.remoteAddress ?? '192.0.2.50',
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
      },
    });

  it('refuses a caller neither allowed by address nor holding the token (403, in German)', async () => {
    for (const refused of [
      await scrape(),
      await scrape({ token: 'wrong-token-of-the-same-length!!' }),
      await scrape({ token: `${TOKEN}x` }),
      // A client cannot claim an allowed address past anything but the trusted proxy.
      await scrape({ remoteAddress: '192.0.2.50', forwardedFor: '10.9.1.1' }),
    ]) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().result.message).toMatch(/Überwachung/);
      expect(refused.body).not.toContain('fenster_');
    }
  });

  it('answers an allowed address (directly or through the trusted proxy) and the token', async () => {
    for (const allowed of [
      await scrape({ remoteAddress: '10.9.3.4' }),
      await scrape({ remoteAddress: '127.0.0.1', forwardedFor: '10.9.1.1' }),
      await scrape({ token: TOKEN }),
    ]) {
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    }
  });

  it('counts requests per route pattern, not per address, with database, event loop, streams, jobs, mail and files', async () => {
    const seller = await t.tokenFor([GROUPS.kunde, 'APP_STANDORT_S_VILLACH']);
    for (const id of [999997, 999998, 999999]) {
      await t.app.inject({
        method: 'GET',
        url: `/api/kunde/getSingleCustomer/${id}`,
        headers: { authorization: `Bearer ${seller}` },
      });
    }
    const text = (await scrape({ token: TOKEN })).body;
    const count = (code: string) =>
      Number(
        new RegExp(
          `fenster_http_request_duration_seconds_count\\{method="GET",route="/api/kunde/getSingleCustomer/:id",code="${code}"\\} (\\d+)`,
        ).exec(text)?.[1] ?? 0,
      );
    expect(count('404')).toBeGreaterThanOrEqual(3);
    expect(text).not.toMatch(/getSingleCustomer\/99999/);
    for (const name of [
      'fenster_db_pool_connections{state="max"}',
      'fenster_db_query_duration_seconds_count{result="ok"}',
      'nodejs_eventloop_lag_p99_seconds',
      'fenster_sse_clients',
      'fenster_job_runs_total',
      'fenster_jobs_running',
      // The job library's queues, every registered kind, even when empty.
      'fenster_jobs{job="mail.send",state="ready"}',
      'fenster_jobs{job="bulkActions.items",state="failed"}',
      'fenster_mail_sends_total',
      'fenster_mail_in_flight',
      'fenster_file_store_errors_total',
      'fenster_rate_limited_total',
    ]) {
      expect(text, name).toContain(name);
    }
  });
});

describe('/metrics without METRICS_ALLOW or METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not there (404), not even from the machine itself', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('fenster_');
  });
});
