import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getSalesCurve,
  getSalesCurveForUser,
  putSalesCurve,
} from '../../../src/resources/salesPlanning/salesCurve.endpoints';
import { getSalesTargetData } from '../../../src/resources/salesPlanning/salesTargets.endpoints';
import salesTargetEntity from '../../../src/resources/salesPlanning/salesTarget.entity';
import { entityCalls, type EntityInput } from '../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const LEITUNG = ['APP_ADMIN_VERKAUF'];
const CURVE = [5, 6, 9, 10, 10, 9, 8, 8, 10, 10, 9, 6];

describe('sales curve and sales targets', () => {
  let t: TestApp;
  let seller: number;
  let branch: number;
  let windows: number;
  const id = async (query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(t.db)).rows[0]!.id;
  const curve = () => resultOf(t.callEndpoint(LEITUNG, getSalesCurve));
  const putCurve = (shares: unknown[], version: number) =>
    t.callEndpoint(LEITUNG, putSalesCurve, { body: { shares, version } });
  const targets = () => entityCalls(t, salesTargetEntity);
  const createTarget = (input: EntityInput<typeof salesTargetEntity>) => targets().create(LEITUNG, input);

  beforeAll(async () => {
    t = await createTestApp();
    branch = await id(sql`INSERT INTO branch (name, code) VALUES ('Villach', 'VIL') RETURNING id`);
    seller = await id(
      sql`INSERT INTO app_user (azure_oid, name, branch_id) VALUES ('oid-v', 'Victor Verkauf', ${branch}) RETURNING id`,
    );
    windows = await id(sql`INSERT INTO product_group (name) VALUES ('Kunststofffenster') RETURNING id`);
    const doors = await id(sql`INSERT INTO product_group (name) VALUES ('Haustüren') RETURNING id`);
    const kf = await id(
      sql`INSERT INTO article (article_number, name) VALUES ('KF-1', 'Fenster') RETURNING id`,
    );
    const ht = await id(sql`INSERT INTO article (article_number, name) VALUES ('HT-1', 'Tür') RETURNING id`);
    await sql`INSERT INTO article_mapping_cache (article_id, product_group_id) VALUES (${kf}, ${windows}), (${ht}, ${doors})`.execute(
      t.db,
    );
    const customer = await id(sql`INSERT INTO customer (last_name) VALUES ('Gruber') RETURNING id`);
    const vorgang = await id(sql`
      INSERT INTO vorgang (vorgang_number, customer_id, title, seller_user_id, branch_id)
      VALUES ('V1', ${customer}, 'Fenster', ${seller}, ${branch}) RETURNING id`);
    const beleg = async (number: string, type: string, date: string, cents: number) =>
      id(sql`INSERT INTO beleg (vorgang_id, beleg_number, beleg_type, beleg_date, net_cents)
             VALUES (${vorgang}, ${number}, ${type}, ${date}, ${cents}) RETURNING id`);
    const invoice = await beleg('R1', 'rechnung', '2026-03-10', 100_000);
    await beleg('G1', 'gutschrift', '2026-04-02', 10_000);
    await beleg('A1', 'angebot', '2026-02-01', 500_000);
    await beleg('R0', 'rechnung', '2025-12-30', 70_000);
    await sql`INSERT INTO beleg_position (beleg_id, pos_nr, article_id, description, total_cents)
              VALUES (${invoice}, 10, ${kf}, 'Fenster', 80000), (${invoice}, 20, ${ht}, 'Tür', 20000)`.execute(
      t.db,
    );
  });
  afterAll(() => t.close());

  it('refuses every call without APP_ADMIN_VERKAUF', async () => {
    // The declared endpoints and the targets' entity routes in one table.
    const calls: Record<string, (groups: string[]) => Promise<{ status: number }>> = {
      getSalesCurve: (groups) => t.callEndpoint(groups, getSalesCurve),
      putSalesCurve: (groups) =>
        t.callEndpoint(groups, putSalesCurve, { body: { shares: CURVE, version: 0 } }),
      getSalesCurveForUser: (groups) =>
        t.callEndpoint(groups, getSalesCurveForUser, { query: { userId: 1, year: 2026 } }),
      getSalesTargetData: (groups) => t.callEndpoint(groups, getSalesTargetData, { query: { year: 2026 } }),
      'Ziele lesen': (groups) => targets().list(groups),
      'Ziel anlegen': (groups) => targets().create(groups, { year: 2026, targetCents: 1 }),
      'Ziel ändern': (groups) => targets().update(groups, 1, { year: 2026, version: 1 }),
      'Ziel löschen': (groups) => targets().remove(groups, 1),
    };
    for (const groups of [['APP_ADMIN'], ['APP_KUNDE'], []]) {
      for (const [name, call] of Object.entries(calls)) {
        expect((await call(groups)).status, name).toBe(403);
      }
    }
  });

  it('saves a curve of twelve shares that sum to 100 %, all at once', async () => {
    const empty = await curve();
    expect(empty).toMatchObject({ shares: Array(12).fill(0), version: 0 });
    const saved = await putCurve(CURVE, 0);
    expect(saved.status).toBe(200);
    expect(saved.result).toMatchObject({ shares: CURVE, version: 1 });
  });

  it('refuses shares that do not sum to 100 % or are not valid, in German, saving nothing', async () => {
    const sum = await putCurve([...CURVE.slice(0, 11), 7.5], 1);
    expect(sum.status).toBe(400);
    expect(sum.message).toBe('Die Anteile ergeben zusammen 101,5 %; es müssen genau 100 % sein.');
    const month = await putCurve([5, 6, -9, 10, 10, 9, 8, 8, 10, 10, 9, 6.123], 1);
    expect(month.status).toBe(400);
    expect(month.errors).toEqual({
      m3: 'Mär: Der Anteil muss zwischen 0 und 100 % liegen.',
      m12: 'Dez: höchstens zwei Nachkommastellen.',
    });
    expect((await curve()).shares).toEqual(CURVE);
  });

  it('refuses a curve saved by someone else meanwhile', async () => {
    expect((await putCurve([...CURVE.slice(0, 10), 10, 5], 1)).status).toBe(200);
    const stale = await putCurve(CURVE, 1);
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(/^Die Verkaufskurve wurde inzwischen von Test Person gespeichert\./);
    expect((await curve()).shares.at(-1)).toBe(5);
    expect((await putCurve(CURVE, 2)).status).toBe(200);
  });

  it('validates targets: seller or branch, unique per year and product group', async () => {
    const neither = await createTarget({ year: 2026, targetCents: 1000 });
    expect(neither.status).toBe(400);
    expect(neither.errors).toEqual({
      userId: 'Verkäufer: Bitte wählen Sie entweder einen Verkäufer oder eine Filiale.',
    });
    const both = await createTarget({ year: 2026, userId: seller, branchId: branch, targetCents: 1000 });
    expect(both.status).toBe(400);
    const negative = await createTarget({ year: 1999, userId: seller, targetCents: -5 });
    expect(Object.keys(negative.errors ?? {}).sort()).toEqual(['targetCents', 'year']);
    expect(
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM sales_target`.execute(t.db)).rows[0]!.n,
    ).toBe(0);

    expect((await createTarget({ year: 2026, userId: seller, targetCents: 1_200_000 })).status).toBe(200);
    const duplicate = await createTarget({ year: 2026, userId: seller, targetCents: 5 });
    expect(duplicate.status).toBe(400);
    expect(duplicate.errors).toHaveProperty('year');
    expect(
      (await createTarget({ year: 2026, userId: seller, productGroupId: windows, targetCents: 500_000 }))
        .status,
    ).toBe(200);
    expect((await createTarget({ year: 2026, branchId: branch, targetCents: 3_000_000 })).status).toBe(200);
  });

  it('compares each target with invoices minus credit notes of its year', async () => {
    const response = await t.callEndpoint(LEITUNG, getSalesTargetData, { query: { year: 2026 } });
    expect(response.status).toBe(200);
    const rows = response.result;
    expect(
      rows.map(({ owner, productGroup, targetCents, actualCents }) => ({
        owner,
        productGroup,
        targetCents,
        actualCents,
      })),
    ).toEqual([
      { owner: 'Victor Verkauf', productGroup: null, targetCents: 1_200_000, actualCents: 90_000 },
      {
        owner: 'Victor Verkauf',
        productGroup: 'Kunststofffenster',
        targetCents: 500_000,
        actualCents: 80_000,
      },
      { owner: 'Filiale Villach', productGroup: null, targetCents: 3_000_000, actualCents: 90_000 },
    ]);
  });

  it('spreads a seller’s target over the months by the curve, beside the invoiced revenue', async () => {
    const response = await t.callEndpoint(LEITUNG, getSalesCurveForUser, {
      query: { userId: seller, year: 2026 },
    });
    expect(response.status).toBe(200);
    const { result } = response;
    expect(result.targetCents).toBe(1_200_000);
    expect(result.months.map((m) => m.expectedCents)).toEqual(CURVE.map((share) => share * 12_000));
    expect(result.months[2]!.actualCents).toBe(100_000);
    expect(result.months[3]!.actualCents).toBe(-10_000);
    expect(result.months[11]).toMatchObject({
      expectedCumulativeCents: 1_200_000,
      actualCumulativeCents: 90_000,
    });
  });

  it('updates a target only with its current version', async () => {
    const target = (
      await sql<{ id: number }>`SELECT id FROM sales_target WHERE branch_id IS NOT NULL`.execute(t.db)
    ).rows[0]!.id;
    const update = (version: number, targetCents: number) =>
      targets().update(LEITUNG, target, { year: 2026, branchId: branch, targetCents, version });
    expect((await update(1, 3_500_000)).status).toBe(200);
    expect((await update(1, 4_000_000)).status).toBe(409);
  });
});
