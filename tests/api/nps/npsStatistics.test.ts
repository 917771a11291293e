import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npsOf } from '../../../server/nps/npsStatisticsQueries';
import type { QueryOf } from '../../../src/api/endpoint';
import { getNpsStatistics } from '../../../src/resources/nps/nps.endpoints';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const NPS = ['APP_NPS'];

// The company is Strussnig (Europe/Vienna): 2026-01-31 23:30 UTC is already 1 February there, and
// 2025-12-31 23:30 UTC is already 1 January 2026. Every figure below is computed by hand from this table.
//  #  answered (UTC)         score  branch      seller  comment
//  1  2026-01-10 10:00       10     Villach     Anna
//  2  2026-01-20 10:00        9     Villach     Anna
//  3  2026-01-25 10:00        3     Klagenfurt  Bernd   "Zu spät geliefert"
//  4  2026-01-31 23:30 (Feb)  6     Klagenfurt  Bernd   "  " (blank: no comment)
//  5  2026-02-15 10:00        8     Villach     Anna
//  6  2026-02-20 10:00        0     –           –       "Nie wieder"
//  7  2026-04-05 10:00       10     Klagenfurt  Bernd
//  8  2026-04-06 10:00        7     Klagenfurt  Anna
//  9  2026-05-01 10:00       10     Villach     Anna    (after the period)
// 10  2025-12-31 23:30 (Jan)  0     Villach     Anna    "Silvester"
// Wien is an active branch without answers; March has no answers.
const PERIOD = { from: '2026-01-01', to: '2026-04-30' };

const figures = (
  count: number,
  promoters: number,
  passives: number,
  detractors: number,
  nps: number | null,
) => ({
  count,
  promoters,
  passives,
  detractors,
  nps,
});

describe('nps/statisticsv2 against a hand-computed table', () => {
  let t: TestApp;
  let ids: Record<string, number>;

  const statistics = (query: QueryOf<typeof getNpsStatistics>) =>
    resultOf(t.callEndpoint(NPS, getNpsStatistics, { query }));

  beforeAll(async () => {
    t = await createTestApp();
    const id = async (query: ReturnType<typeof sql<{ id: number }>>) =>
      (await query.execute(t.db)).rows[0]!.id;
    const villach = await id(sql`INSERT INTO branch (name) VALUES ('Villach') RETURNING id`);
    const klagenfurt = await id(sql`INSERT INTO branch (name) VALUES ('Klagenfurt') RETURNING id`);
    const wien = await id(sql`INSERT INTO branch (name) VALUES ('Wien') RETURNING id`);
    await sql`INSERT INTO branch (name, active) VALUES ('Graz (geschlossen)', false)`.execute(t.db);
    const anna = await id(
      sql`INSERT INTO app_user (azure_oid, name) VALUES ('oid-anna', 'Anna Aigner') RETURNING id`,
    );
    const bernd = await id(
      sql`INSERT INTO app_user (azure_oid, name) VALUES ('oid-bernd', 'Bernd Berger') RETURNING id`,
    );
    const customer = await id(
      sql`INSERT INTO customer (last_name, first_name) VALUES ('Gruber', 'Maria') RETURNING id`,
    );
    ids = { villach, klagenfurt, wien, anna, bernd, customer };
    const rows: [string, number, number | null, number | null, string | null][] = [
      ['2026-01-10T10:00:00Z', 10, villach, anna, null],
      ['2026-01-20T10:00:00Z', 9, villach, anna, null],
      ['2026-01-25T10:00:00Z', 3, klagenfurt, bernd, 'Zu spät geliefert'],
      ['2026-01-31T23:30:00Z', 6, klagenfurt, bernd, '  '],
      ['2026-02-15T10:00:00Z', 8, villach, anna, null],
      ['2026-02-20T10:00:00Z', 0, null, null, 'Nie wieder'],
      ['2026-04-05T10:00:00Z', 10, klagenfurt, bernd, null],
      ['2026-04-06T10:00:00Z', 7, klagenfurt, anna, null],
      ['2026-05-01T10:00:00Z', 10, villach, anna, null],
      ['2025-12-31T23:30:00Z', 0, villach, anna, 'Silvester'],
    ];
    for (const [at, score, branch, seller, comment] of rows) {
      await sql`INSERT INTO nps_answer (customer_id, score, comment, answered_at, branch_id, seller_user_id)
                VALUES (${customer}, ${score}, ${comment}, ${at}, ${branch}, ${seller})`.execute(t.db);
    }
  });
  afterAll(() => t.close());

  it('computes overall, per month, per branch, per seller, distribution and detractor comments', async () => {
    const result = await statistics(PERIOD);
    expect(result.overall).toEqual(figures(9, 3, 2, 4, -11)); // 100 · (3 − 4) / 9 = −11,1
    expect(result.months).toEqual([
      { month: '2026-01', ...figures(4, 2, 0, 2, 0) },
      { month: '2026-02', ...figures(3, 0, 1, 2, -67) }, // −66,7
      { month: '2026-03', ...figures(0, 0, 0, 0, null) },
      { month: '2026-04', ...figures(2, 1, 1, 0, 50) },
    ]);
    expect(result.branches).toEqual([
      { id: ids.villach, name: 'Villach', ...figures(4, 2, 1, 1, 25) },
      { id: ids.klagenfurt, name: 'Klagenfurt', ...figures(4, 1, 1, 2, -25) },
      { id: null, name: 'Ohne Filiale', ...figures(1, 0, 0, 1, -100) },
      { id: ids.wien, name: 'Wien', ...figures(0, 0, 0, 0, null) },
    ]);
    expect(result.sellers).toEqual([
      { id: ids.anna, name: 'Anna Aigner', ...figures(5, 2, 2, 1, 20) },
      { id: ids.bernd, name: 'Bernd Berger', ...figures(3, 1, 0, 2, -33) }, // −33,3
      { id: null, name: 'Ohne Verkäufer', ...figures(1, 0, 0, 1, -100) },
    ]);
    expect(result.distribution).toEqual(
      [2, 0, 0, 1, 0, 0, 1, 1, 1, 1, 2].map((count, score) => ({ score, count })),
    );
    expect(result.detractorComments.map((c) => [c.comment, c.score, c.customerName])).toEqual([
      ['Nie wieder', 0, 'Gruber, Maria'],
      ['Zu spät geliefert', 3, 'Gruber, Maria'],
      ['Silvester', 0, 'Gruber, Maria'],
    ]);
  });

  it('applies the filters, and shows empty groups as such', async () => {
    const wien = await statistics({ ...PERIOD, branchId: ids.wien! });
    expect(wien.overall).toEqual(figures(0, 0, 0, 0, null));
    expect(wien.months.map((m) => [m.month, m.count, m.nps])).toEqual([
      ['2026-01', 0, null],
      ['2026-02', 0, null],
      ['2026-03', 0, null],
      ['2026-04', 0, null],
    ]);
    expect(wien.branches).toEqual([{ id: ids.wien, name: 'Wien', ...figures(0, 0, 0, 0, null) }]);
    expect(wien.sellers).toEqual([]);
    expect(wien.distribution.every((d) => d.count === 0)).toBe(true);
    expect(wien.detractorComments).toEqual([]);

    const bernd = await statistics({ ...PERIOD, sellerId: ids.bernd! });
    expect(bernd.overall).toEqual(figures(3, 1, 0, 2, -33));
    const withComment = await statistics({ ...PERIOD, withComment: true });
    expect(withComment.overall).toEqual(figures(3, 0, 0, 3, -100)); // the blank comment does not count
    const promoters = await statistics({ ...PERIOD, category: 'promoter' });
    expect(promoters.overall).toEqual(figures(3, 3, 0, 0, 100));
    const january = await statistics({ from: '2026-01-01', to: '2026-01-31', branchId: ids.villach! });
    expect(january.overall).toEqual(figures(3, 2, 0, 1, 33)); // 33,3; #10 counts in Vienna's January
  });

  it('spans the months of the answers when no period is given', async () => {
    const all = await statistics({});
    expect(all.overall.count).toBe(10);
    expect(all.months.map((m) => m.month)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05']);
  });

  it('refuses a period that ends before it starts, and bad values, in German', async () => {
    const reversed = await t.callEndpoint(NPS, getNpsStatistics, {
      query: { from: '2026-02-01', to: '2026-01-01' },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.errors).toEqual({ to: 'Das Ende liegt vor dem Anfang des Zeitraums.' });
    // A raw call: the category is deliberately one the declaration does not allow.
    const bad = await t.callAs(NPS, { method: 'GET', url: `/api/${getNpsStatistics.path}?category=gut` });
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/^Ungültige Angabe in den Parametern/);
  });

  it('rounds the NPS to whole numbers, halves away from zero', () => {
    expect(npsOf(1, 0, 8)).toBe(13); // 12,5
    expect(npsOf(0, 1, 8)).toBe(-13); // −12,5
    expect(npsOf(2, 1, 3)).toBe(33);
    expect(npsOf(1, 2, 3)).toBe(-33);
    expect(npsOf(0, 0, 0)).toBeNull();
    expect(npsOf(0, 0, 5)).toBe(0);
  });
});
