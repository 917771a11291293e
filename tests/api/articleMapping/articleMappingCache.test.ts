import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionStringOf } from '../../../server/platform/db/database';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import {
  buildArticleMappingCache,
  getArticleMappingCacheState,
  getArticleMappingStatistics,
} from '../../../src/resources/articleMapping/articleMappings.endpoints';
import articleMappingEntity from '../../../src/resources/articleMapping/articleMapping.entity';
import articleMappingAliasEntity from '../../../src/resources/articleMapping/articleMappingAlias.entity';
import { entityCalls } from '../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const ADMIN = ['APP_ADMIN'];

describe('article mapping cache and statistics', () => {
  let t: TestApp;
  const state = () => resultOf(t.callEndpoint(ADMIN, getArticleMappingCacheState));
  const statistics = () => resultOf(t.callEndpoint(ADMIN, getArticleMappingStatistics));
  const build = () => t.callEndpoint(ADMIN, buildArticleMappingCache);
  const libraryJobs = async () =>
    (
      await sql<{ state: string; retryCount: number }>`
        SELECT state::text, retry_count AS "retryCount" FROM pgboss.job
        WHERE name = 'articleMapping.buildCache' ORDER BY created_on`.execute(t.db)
    ).rows;
  const finished = async () => {
    for (let i = 0; i < 300; i++) {
      const current = await state();
      if (current.state !== 'laeuft') return current;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('Der Aufbau wurde nicht fertig.');
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 40 });
    // The demo data comes with a built cache; these tests start from an installation that never built one.
    await sql`TRUNCATE article_mapping_cache, article_mapping_cache_job`.execute(t.db);
    // An article no mapping covers, with revenue on an invoice.
    await sql`INSERT INTO article (article_number, name) VALUES ('XX-UNBEKANNT', 'Unbekannt')`.execute(t.db);
    await sql`UPDATE beleg_position SET article_id = (SELECT id FROM article WHERE article_number = 'XX-UNBEKANNT')
              WHERE id = (SELECT p.id FROM beleg_position p JOIN beleg b ON b.id = p.beleg_id
                          WHERE b.beleg_type = 'rechnung' ORDER BY p.id LIMIT 1)`.execute(t.db);
  });
  afterAll(() => t.close());

  it('refuses every call without APP_ADMIN', async () => {
    for (const groups of [['APP_ADMIN_VERKAUF'], ['APP_KUNDE'], []]) {
      for (const endpoint of [
        getArticleMappingStatistics,
        getArticleMappingCacheState,
        buildArticleMappingCache,
      ]) {
        const response = await t.callEndpoint(groups, endpoint);
        expect(response.status, `${endpoint.path} as ${groups.join()}`).toBe(403);
      }
    }
    expect((await t.callEndpoint(null, buildArticleMappingCache)).status).toBe(401);
    expect((await state()).state).toBe('nie');
  });

  it('counts everything as unmapped before the first build', async () => {
    const before = await statistics();
    expect(before.articles.mapped).toBe(0);
    expect(before.revenueCents.mapped).toBe(0);
    expect(before.revenueCents.total).toBeGreaterThan(0);
  });

  it('builds in the background and maps each article through its aliases', async () => {
    const started = await build();
    expect(started.status).toBe(200);
    const done = await finished();
    expect(done).toMatchObject({ state: 'fertig', error: null, outdated: false });
    const articles = await sql<{ n: number }>`SELECT count(*)::int AS n FROM article`.execute(t.db);
    expect(done.total).toBe(articles.rows[0]!.n);
    expect(done.processed).toBe(done.total);

    const after = await statistics();
    expect(after.articles).toEqual({ total: done.total, mapped: done.total - 1 });
    const unmapped = after.groups.find((g) => g.productGroupId === null)!;
    expect(unmapped).toMatchObject({ name: 'Nicht zugeordnet', articles: 1 });
    expect(unmapped.revenueCents).toBeGreaterThan(0);
    expect(after.revenueCents.mapped).toBe(after.revenueCents.total - unmapped.revenueCents);
    const invoiced = await sql<{ cents: number }>`
      SELECT sum(CASE WHEN b.beleg_type = 'gutschrift' THEN -p.total_cents ELSE p.total_cents END)::bigint AS cents
      FROM beleg_position p JOIN beleg b ON b.id = p.beleg_id WHERE b.beleg_type IN ('rechnung', 'gutschrift')`.execute(
      t.db,
    );
    expect(after.revenueCents.total).toBe(Number(invoiced.rows[0]!.cents));
    const windows = after.groups.find((g) => g.name === 'Kunststofffenster')!;
    const expected = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM article WHERE article_number LIKE 'KF-%'`.execute(t.db);
    expect(windows.articles).toBe(expected.rows[0]!.n);
  });

  it('lets the higher priority win when two mappings match', async () => {
    const group = await sql<{ id: number }>`SELECT id FROM product_group WHERE name = 'Haustüren'`.execute(
      t.db,
    );
    const mapping = await resultOf(
      entityCalls(t, articleMappingEntity).create(ADMIN, {
        name: 'Balkontüren als Türen',
        productGroupId: group.rows[0]!.id,
        priority: 10,
        active: true,
      }),
    );
    expect((await state()).outdated).toBe(true);
    const alias = await entityCalls(t, articleMappingAliasEntity).create(ADMIN, {
      mappingId: mapping.id,
      pattern: '^KF-BT-',
    });
    expect(alias.status).toBe(200);
    await build();
    await finished();
    const resolved = await sql<{ name: string }>`
      SELECT pg.name FROM article_mapping_cache c JOIN article a ON a.id = c.article_id
      JOIN product_group pg ON pg.id = c.product_group_id WHERE a.article_number = 'KF-BT-1F'`.execute(t.db);
    expect(resolved.rows[0]!.name).toBe('Haustüren');
  });

  it('refuses an invalid alias pattern with a German message and saves nothing', async () => {
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM article_mapping_alias`.execute(
      t.db,
    );
    const response = await entityCalls(t, articleMappingAliasEntity).create(ADMIN, {
      mappingId: 1,
      pattern: 'KF-(4000',
    });
    expect(response.status).toBe(400);
    expect(response.errors).toMatchObject({
      pattern: expect.stringMatching(/^Muster: .*Klammer/),
    });
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM article_mapping_alias`.execute(
      t.db,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('starts one build when two are started at once', async () => {
    // The cache's rows are locked against writes meanwhile, so the first build is still running when the second
    // is asked for, however fast the machine (reads, and so both answers, go on).
    const responses = await t.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE article_mapping_cache IN EXCLUSIVE MODE`.execute(trx);
      return Promise.all([build(), build()]);
    });
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.status === 409)!.message).toMatch(/wird gerade schon aufgebaut/);
    await finished();
  });

  it('runs once even when two server instances share the database', async () => {
    const second = await createTestApp({ databaseUrl: connectionStringOf(t.db) });
    try {
      const jobsBefore = await libraryJobs();
      // The test holds the cache table, so the first build stays busy while the second instance is asked.
      await t.db.transaction().execute(async (trx) => {
        await sql`LOCK TABLE article_mapping_cache IN EXCLUSIVE MODE`.execute(trx);
        expect((await build()).status).toBe(200);
        const refused = await second.callEndpoint(ADMIN, buildArticleMappingCache);
        expect(refused.status).toBe(409);
      });
      expect((await finished()).state).toBe('fertig');
      // One job in the job library, run once (no retry), on one of the two instances.
      await expect
        .poll(libraryJobs, { timeout: 10_000 })
        .toEqual([...jobsBefore, { state: 'completed', retryCount: 0 }]);
    } finally {
      await second.close();
    }
  });

  it('takes over from a build whose server died', async () => {
    await sql`INSERT INTO article_mapping_cache_job (state, started_by, heartbeat_at)
              VALUES ('laeuft', 'Abgestürzt', now() - interval '10 minutes')`.execute(t.db);
    expect((await build()).status).toBe(200);
    expect((await finished()).state).toBe('fertig');
    const dead = await sql<{ state: string; error: string }>`
      SELECT state, error FROM article_mapping_cache_job WHERE started_by = 'Abgestürzt'`.execute(t.db);
    expect(dead.rows[0]).toMatchObject({ state: 'fehler', error: expect.stringMatching(/Abgebrochen/) });
  });
});
