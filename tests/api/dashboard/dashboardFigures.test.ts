import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardFigures } from '../../../server/dashboard/dashboardFigureQueries';
import { dashboardLists, revenueCurve } from '../../../server/dashboard/dashboardListQueries';
import type { ViewerScope } from '../../../server/platform/auth/viewerScope';
import type { QueryOf } from '../../../src/api/endpoint';
import {
  getDashboardFigures,
  type DashboardFigures,
} from '../../../src/resources/dashboard/dashboard.endpoints';
import { getVorgangCounts } from '../../../src/resources/vorgaenge/vorgangList.endpoints';
import { figureFilters, figureListFilter } from '../../../src/resources/dashboard/vorgangListLink';
import { createTestApp, ISSUER, resultOf, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';

// A small fixed data set, seen on 15 May 2026; every expected number below is counted by hand from it.
const TODAY = '2026-05-15';
const ZONE = 'Europe/Vienna';

describe('dashboard figures against a hand computation', () => {
  let t: TestApp;
  let victor: number;
  let branch: number;
  const id = async (query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(t.db)).rows[0]!.id;
  const mine = () => ({ userIds: [victor] });
  const owner = () => ({ sellerId: victor, branchIds: [] });

  beforeAll(async () => {
    t = await createTestApp();
    branch = await id(
      sql`INSERT INTO branch (name, location_group) VALUES ('Villach', 'APP_STANDORT_S_VILLACH') RETURNING id`,
    );
    victor = await id(
      sql`INSERT INTO app_user (azure_oid, name, branch_id) VALUES ('oid-v', 'Victor', ${branch}) RETURNING id`,
    );
    const other = await id(
      sql`INSERT INTO app_user (azure_oid, name, branch_id) VALUES ('oid-o', 'Olga', ${branch}) RETURNING id`,
    );
    const customer = await id(sql`INSERT INTO customer (last_name) VALUES ('Gruber') RETURNING id`);
    let n = 0;
    const vorgang = async (
      status: string,
      cents: number,
      seller = victor,
      lastActivity: string | null = null,
    ) =>
      id(sql`INSERT INTO vorgang (vorgang_number, customer_id, title, seller_user_id, branch_id, system_status,
               net_total_cents, last_activity_at, created_at)
             VALUES (${`V${++n}`}, ${customer}, ${`Vorgang ${n}`}, ${seller}, ${branch}, ${status}, ${cents},
               ${lastActivity}::timestamptz, '2025-01-01T10:00:00Z') RETURNING id`);
    const beleg = (vorgangId: number, type: string, date: string, cents: number) =>
      sql`INSERT INTO beleg (vorgang_id, beleg_number, beleg_type, beleg_date, net_cents)
          VALUES (${vorgangId}, ${`B${++n}`}, ${type}, ${date}, ${cents})`.execute(t.db);
    // V1: open offer since 10 April (no activity for > 14 days) → open now, follow-up.
    const v1 = await vorgang('angebot', 10_000_00, victor, '2026-04-20T08:00:00Z');
    await beleg(v1, 'angebot', '2026-04-10', 10_000_00);
    // V2: open offer with a recent activity → open now, no follow-up.
    const v2 = await vorgang('angebot', 5_000_00, victor, '2026-05-10T08:00:00Z');
    await beleg(v2, 'angebot', '2026-05-02', 5_000_00);
    // V3: offer 1 March, order 21 March (20 days), invoiced 5 May.
    const v3 = await vorgang('rechnung', 20_000_00);
    await beleg(v3, 'angebot', '2026-03-01', 20_000_00);
    await beleg(v3, 'auftragsbestaetigung', '2026-03-21', 20_000_00);
    await beleg(v3, 'rechnung', '2026-05-05', 20_000_00);
    // V4: offer 2 May, order 12 May (10 days) → order this month.
    const v4 = await vorgang('auftrag', 8_000_00);
    await beleg(v4, 'angebot', '2026-05-02', 8_000_00);
    await beleg(v4, 'auftragsbestaetigung', '2026-05-12', 8_000_00);
    // V5: offer in February, no order (lost later) → counts in the offer→order rate only.
    const v5 = await vorgang('verloren', 3_000_00);
    await beleg(v5, 'angebot', '2026-02-01', 3_000_00);
    // Last year: V6 offer 2025-03-01 open on 2025-05-15 (order only 2025-06-01); V7 offer 2025-01-10, order
    // 2025-05-03 (113 days); a credit note of 1.000 € in April 2025.
    const v6 = await vorgang('auftrag', 4_000_00);
    await beleg(v6, 'angebot', '2025-03-01', 4_000_00);
    await beleg(v6, 'auftragsbestaetigung', '2025-06-01', 4_000_00);
    const v7 = await vorgang('rechnung', 6_000_00);
    await beleg(v7, 'angebot', '2025-01-10', 6_000_00);
    await beleg(v7, 'auftragsbestaetigung', '2025-05-03', 6_000_00);
    await beleg(v7, 'rechnung', '2025-04-20', 6_000_00);
    await beleg(v7, 'gutschrift', '2025-04-25', 1_000_00);
    // Someone else's Vorgang must not count for Victor.
    const foreign = await vorgang('angebot', 99_000_00, other);
    await beleg(foreign, 'angebot', '2026-05-01', 99_000_00);
    // Target 120.000 € with the curve 5, 6, 9, 10, 10, … %: by 15 May 5 + 6 + 9 + 10 + 10 × 15/31 = 34,8387 %.
    await sql`INSERT INTO sales_target (user_id, year, target_cents) VALUES (${victor}, 2026, 12000000)`.execute(
      t.db,
    );
    const curve = [5, 6, 9, 10, 10, 9, 8, 8, 10, 10, 9, 6];
    for (const [index, share] of curve.entries()) {
      await sql`INSERT INTO sales_curve_month (month, share_percent) VALUES (${index + 1}, ${share})
                ON CONFLICT (month) DO UPDATE SET share_percent = excluded.share_percent`.execute(t.db);
    }
    // NPS: last 90 days 10, 9, 7, 3 → (2 − 1) / 4 = 25; a year earlier 10, 2 → 0.
    for (const [score, at] of [
      [10, '2026-05-01T10:00:00Z'],
      [9, '2026-04-01T10:00:00Z'],
      [7, '2026-03-01T10:00:00Z'],
      [3, '2026-02-20T10:00:00Z'],
      [1, '2026-01-01T10:00:00Z'],
      [10, '2025-05-01T10:00:00Z'],
      [2, '2025-04-01T10:00:00Z'],
    ] as const) {
      await sql`INSERT INTO nps_answer (customer_id, score, answered_at, seller_user_id)
                VALUES (${customer}, ${score}, ${at}, ${victor})`.execute(t.db);
    }
  });
  afterAll(() => t.close());

  it('counts open offers, orders, rate, days, revenue and NPS like the hand computation', async () => {
    const figures = await dashboardFigures(t.db, ZONE, mine(), TODAY, owner());
    expect(figures).toMatchObject({
      today: TODAY,
      year: 2026,
      openOffers: { value: 2, lastYear: 1 },
      openOffersCents: { value: 15_000_00, lastYear: 4_000_00 },
      ordersMonth: { value: 1, lastYear: 1 },
      ordersMonthCents: { value: 8_000_00, lastYear: 6_000_00 },
      ordersYear: { value: 2, lastYear: 1 },
      ordersYearCents: { value: 28_000_00, lastYear: 6_000_00 },
      // 2026: offers V1 V2 V3 V4 V5 = 5, of which V3 and V4 have an order → 40 %. 2025: V6 V7, V7 ordered → 50 %.
      offerToOrderPercent: { value: 40, lastYear: 50 },
      offerToOrderDays: { value: 15, lastYear: 113 },
      revenueCents: { value: 20_000_00, lastYear: 5_000_00 },
      targetCents: 120_000_00,
      nps: { score: 25, answers: 4, lastYearScore: 0 },
    });
  });

  it('spreads the target by the sales curve up to today', async () => {
    const figures = await dashboardFigures(t.db, ZONE, mine(), TODAY, owner());
    // 120.000 € × 34,8387 % = 41.806,45 €
    expect(figures.expectedToDateCents).toBe(4_180_645);
    const months = await revenueCurve(t.db, mine(), 2026);
    expect(months[4]).toMatchObject({ month: 5, actualCents: 20_000_00, actualCumulativeCents: 20_000_00 });
    expect(months[0]).toMatchObject({ expectedCents: 600_000, actualCents: 0 });
    expect(months.at(-1)!.expectedCumulativeCents).toBe(120_000_00);
  });

  it('lists the offers to follow up (no activity for 14 days) and the Vorgänge touched last', async () => {
    const lists = await dashboardLists(t.db, ZONE, mine(), TODAY);
    expect(lists.followUp.map((row) => row.vorgangNumber)).toEqual(['V1']);
    expect(lists.followUpTotal).toBe(1);
    expect(lists.recent).toHaveLength(7);
  });

  it('answers the API for me; the branch only for a lead', async () => {
    const call = async (groups: string[], oid: string, query: QueryOf<typeof getDashboardFigures> = {}) =>
      t.callEndpoint(
        { token: await signAccessToken(t.signingKey, ISSUER, groups, { oid }) },
        getDashboardFigures,
        {
          query,
        },
      );
    const seller = ['APP_KUNDE', 'APP_STANDORT_S_VILLACH'];
    const mineAnswer = await call(seller, 'oid-v');
    expect(mineAnswer.status).toBe(200);
    expect(mineAnswer.result.owner).toEqual({ sellerId: victor, branchIds: [] });
    expect((await call(seller, 'oid-v', { scope: 'branch' })).status).toBe(403);
    const lead = await call([...seller, 'APP_ADMIN_VERKAUF'], 'oid-o', { scope: 'branch' });
    expect(lead.status).toBe(200);
    expect(lead.result.owner).toEqual({ sellerId: null, branchIds: [branch] });
  });

  it('counts each linked figure as the Vorgänge list behind its link does (seller and branch scope)', async () => {
    const seller = ['APP_KUNDE', 'APP_STANDORT_S_VILLACH'];
    const listTotal = async (oid: string, query: QueryOf<typeof getVorgangCounts>) => {
      const token = await signAccessToken(t.signingKey, ISSUER, seller, { oid });
      return (await resultOf(t.callEndpoint({ token }, getVorgangCounts, { query }))).total;
    };
    const behind = figureFilters(TODAY);
    const cases: { scope: ViewerScope; whose: DashboardFigures['owner']; oid: string }[] = [
      { scope: mine(), whose: owner(), oid: 'oid-v' },
      { scope: { branchIds: [branch] }, whose: { sellerId: null, branchIds: [branch] }, oid: 'oid-o' },
    ];
    for (const { scope, whose, oid } of cases) {
      const figures = await dashboardFigures(t.db, ZONE, scope, TODAY, whose);
      const lists = await dashboardLists(t.db, ZONE, scope, TODAY);
      const total = (filter: (typeof behind)[keyof typeof behind]) =>
        listTotal(oid, figureListFilter(whose, filter));
      expect(await total(behind.openOffers)).toBe(figures.openOffers.value);
      expect(await total(behind.ordersMonth)).toBe(figures.ordersMonth.value);
      expect(await total(behind.ordersYear)).toBe(figures.ordersYear.value);
      expect(await total(behind.followUp)).toBe(lists.followUpTotal);
      // Offers of 2026 (the rate's denominator): V1–V5, and for the branch also the foreign offer.
      expect(await total(behind.offered)).toBe('userIds' in scope ? 5 : 6);
      // Revenue 2026 comes from V3's invoice only.
      expect(await total(behind.revenue)).toBe(1);
    }
    // The counts the figures must match, by hand: Victor 2 open offers, the branch 3 (with Olga's).
    expect(
      (await dashboardFigures(t.db, ZONE, { branchIds: [branch] }, TODAY, owner())).openOffers.value,
    ).toBe(3);
  });

  it('follows up an offer last touched on company day today − 14, not one touched a second later', async () => {
    const fritz = await id(
      sql`INSERT INTO app_user (azure_oid, name) VALUES ('oid-f', 'Fritz') RETURNING id`,
    );
    const customer = await id(sql`INSERT INTO customer (last_name) VALUES ('Huber') RETURNING id`);
    // 1 May 23:59:59 in Vienna (CEST, UTC+2) is company day today − 14; a second later it is 2 May, today − 13.
    for (const [number, touched] of [
      ['F1', '2026-05-01T21:59:59Z'],
      ['F2', '2026-05-01T22:00:00Z'],
    ]) {
      await sql`INSERT INTO vorgang (vorgang_number, customer_id, title, seller_user_id, system_status,
                  net_total_cents, last_activity_at, created_at)
                VALUES (${number}, ${customer}, ${number}, ${fritz}, 'angebot', 100, ${touched}::timestamptz,
                  '2025-01-01T10:00:00Z')`.execute(t.db);
    }
    const lists = await dashboardLists(t.db, ZONE, { userIds: [fritz] }, TODAY);
    expect(lists.followUp.map((row) => row.vorgangNumber)).toEqual(['F1']);
    expect(lists.followUpTotal).toBe(1);
    expect(lists.recent.map((row) => row.vorgangNumber)).toEqual(['F2', 'F1']);
  });
});
