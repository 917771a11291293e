import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { addCompanyDays, companyToday } from '../../../src/config/companyTime';
import type { QueryOf } from '../../../src/api/endpoint';
import { getDashboardFigures } from '../../../src/resources/dashboard/dashboard.endpoints';
import customStatusEntity from '../../../src/resources/statuses/customStatus.entity';
import { getAllPossibleStatus } from '../../../src/resources/statuses/possibleStatuses.endpoints';
import { getKanban } from '../../../src/resources/vorgaenge/kanban/kanban.endpoints';
import {
  getVorgang,
  setExpectedValueForVorgang,
  setLostForVorgang,
} from '../../../src/resources/vorgaenge/vorgang.endpoints';
import { getVorgangCounts } from '../../../src/resources/vorgaenge/vorgangList.endpoints';
import { entityCalls } from '../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const KUNDE = ['APP_KUNDE'];
const ZONE = 'Europe/Vienna';
// The oid the test tokens carry: "nur meine" on the board, "mine" on the dashboard.
const CALLER_OID = '11111111-2222-3333-4444-555555555555';

/**
 * Lost is the real state (from the board too), the board says what it leaves out, and
 * a Vorgang has a value before its first Beleg, weighed by its status' win probability.
 */
describe('the board as a pipeline: Verloren, what is left out, expected value and weighted sums', () => {
  let t: TestApp;
  let caller: number;
  let column: number;
  /** The caller's Vorgänge in the test column: an Anfrage, an Angebot, an Auftrag, and an Angebot to lose. */
  let anfrage: number;
  let angebot: number;
  let auftrag: number;
  let toLose: number;

  const board = (query: QueryOf<typeof getKanban> = {}) =>
    resultOf(t.callEndpoint(KUNDE, getKanban, { query }));
  const counts = (query: QueryOf<typeof getVorgangCounts>) =>
    resultOf(t.callEndpoint(KUNDE, getVorgangCounts, { query }));
  const versionOf = async (id: number) =>
    (await sql<{ version: number }>`SELECT version FROM vorgang WHERE id = ${id}`.execute(t.db)).rows[0]!
      .version;
  const pick = async (status: string, skip: number[]) =>
    (
      await sql<{ id: number }>`
        SELECT v.id FROM vorgang v WHERE v.system_status = ${status} AND NOT (v.id = ANY(${skip}::int[]))
          AND (${status} <> 'anfrage' OR NOT EXISTS (SELECT 1 FROM beleg b WHERE b.vorgang_id = v.id))
        ORDER BY v.id LIMIT 1`.execute(t.db)
    ).rows[0]!.id;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 40 });
    caller = (
      await sql<{ id: number }>`INSERT INTO app_user (azure_oid, name) VALUES (${CALLER_OID}, 'Test Person')
        RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    column = (
      await sql<{ id: number }>`INSERT INTO custom_status (name, color, sort_order, win_probability)
        VALUES ('Testspalte', '#123456', -5, 30) RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    anfrage = await pick('anfrage', []);
    angebot = await pick('angebot', [anfrage]);
    auftrag = await pick('auftrag', [anfrage, angebot]);
    toLose = await pick('angebot', [anfrage, angebot, auftrag]);
    const today = companyToday(ZONE);
    // By hand: Anfrage estimated 1.000 € expected today (this quarter); Angebot 2.000 € expected in 200 days
    // (another quarter); Auftrag 500 € (won); the Angebot to lose 700 € expected today.
    await sql`UPDATE vorgang SET custom_status_id = ${column}, seller_user_id = ${caller}, expected_value_cents = NULL,
        expected_order_date = NULL WHERE id IN (${anfrage}, ${angebot}, ${auftrag}, ${toLose})`.execute(t.db);
    await sql`UPDATE vorgang SET expected_value_cents = 1000_00, expected_order_date = ${today}::date, net_total_cents = 0
      WHERE id = ${anfrage}`.execute(t.db);
    await sql`UPDATE vorgang SET net_total_cents = 2000_00, expected_value_cents = 9999_00,
        expected_order_date = ${addCompanyDays(today, 200)}::date WHERE id = ${angebot}`.execute(t.db);
    await sql`UPDATE vorgang SET net_total_cents = 500_00, expected_order_date = ${today}::date WHERE id = ${auftrag}`.execute(
      t.db,
    );
    await sql`UPDATE vorgang SET net_total_cents = 700_00, expected_order_date = ${today}::date WHERE id = ${toLose}`.execute(
      t.db,
    );
    // Left out for the caller: one invoiced and one lost Vorgang.
    const invoiced = await pick('rechnung', []);
    const lost = await pick('verloren', []);
    await sql`UPDATE vorgang SET seller_user_id = ${caller} WHERE id IN (${invoiced}, ${lost})`.execute(t.db);
    // The caller has no other Vorgänge.
    await sql`UPDATE vorgang SET seller_user_id = NULL WHERE seller_user_id = ${caller}
      AND id NOT IN (${anfrage}, ${angebot}, ${auftrag}, ${toLose}, ${invoiced}, ${lost})`.execute(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('weighs each column by its win probability and sums the quarter, counted by hand', async () => {
    const mine = await board({ mine: true });
    const test = mine.columns.find((c) => c.customStatusId === column)!;
    // Values: 1.000 (estimate) + 2.000 + 500 + 700 = 4.200 €; won 500 €; weighted 500 + 30 % × 3.700 = 1.610 €.
    // This quarter (open only): 1.000 + 700 = 1.700 €, × 30 % = 510 €; the Auftrag is won, no longer expected.
    expect(test).toMatchObject({
      total: 4,
      winProbability: 30,
      sumNetCents: 4200_00,
      wonCents: 500_00,
      weightedCents: 1610_00,
      quarterCents: 1700_00,
      quarterWeightedCents: 510_00,
    });
    expect(mine.columns.filter((c) => c.customStatusId !== column).every((c) => c.total === 0)).toBe(true);
    const card = (id: number) => test.cards.find((c) => c.id === id)!;
    expect(card(anfrage)).toMatchObject({ valueCents: 1000_00, estimated: true, quarterValueCents: 1000_00 });
    // With a Beleg its sum rules; the old estimate does not count.
    expect(card(angebot)).toMatchObject({ valueCents: 2000_00, estimated: false, quarterValueCents: 0 });
    expect(card(auftrag)).toMatchObject({ valueCents: 500_00, won: true, quarterValueCents: 0 });
    const today = companyToday(ZONE);
    expect(mine.quarter.start <= today && today <= mine.quarter.end).toBe(true);

    // The dashboard's figure for the same person is the board's quarter sum.
    const figures = await resultOf(t.callEndpoint(KUNDE, getDashboardFigures, { query: {} }));
    expect(figures.expectedQuarter).toMatchObject({ weightedCents: 510_00, start: mine.quarter.start });
  });

  it('says what it leaves out (lost, invoiced) under its filters, as the list counts them', async () => {
    const all = await board({ perColumn: 1 });
    const { rows } = await sql<{ lost: number; invoiced: number }>`
      SELECT count(*) FILTER (WHERE system_status = 'verloren')::int AS lost,
        count(*) FILTER (WHERE system_status = 'rechnung')::int AS invoiced FROM vorgang`.execute(t.db);
    expect(all.leftOut).toEqual({ ...rows[0], capped: false });
    expect(rows[0]!.lost).toBeGreaterThan(0);
    const list = await counts({});
    expect(all.leftOut.lost).toBe(list.counts.verloren);
    expect(all.leftOut.invoiced).toBe(list.counts.rechnung);
    expect((await board({ mine: true })).leftOut).toEqual({ lost: 1, invoiced: 1, capped: false });
  });

  it('loses a card from the board only with a Verlustgrund; it then counts as lost everywhere', async () => {
    const version = await versionOf(toLose);
    const statusCount = async () =>
      (await resultOf(t.callEndpoint(KUNDE, getAllPossibleStatus))).find((s) => s.code === 'verloren')
        ?.vorgaenge;
    const before = await counts({ mine: true });
    const setLost = (lostReason: string | null) =>
      t.callEndpoint(KUNDE, setLostForVorgang, { body: { vorgangId: toLose, version, lostReason } });
    for (const lostReason of ['', null, 'Keine Lust']) {
      const refused = await setLost(lostReason);
      expect(refused.status).toBe(400);
      expect(refused.errors).toHaveProperty('lostReason');
    }
    const lost = await setLost('Mitbewerber');
    expect(lost.status).toBe(200);
    const mine = await board({ mine: true });
    const test = mine.columns.find((c) => c.customStatusId === column)!;
    expect(test.cards.map((c) => c.id)).not.toContain(toLose);
    expect(test).toMatchObject({ total: 3, sumNetCents: 3500_00, quarterWeightedCents: 300_00 });
    expect(mine.leftOut).toEqual({ lost: 2, invoiced: 1, capped: false });
    const after = await counts({ mine: true, status: 'verloren' });
    expect(after.counts.verloren).toBe(before.counts.verloren + 1);
    expect(after.total).toBe(2);
    expect(await statusCount()).toBe(
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM vorgang WHERE system_status = 'verloren'`.execute(t.db)
      ).rows[0]!.n,
    );
  });

  it('lets the seller estimate a value until a Beleg exists, checked at the version (400, 409)', async () => {
    const set = (vorgangId: number, version: number, cents: number | null, day: string | null) =>
      t.callEndpoint(KUNDE, setExpectedValueForVorgang, {
        body: { vorgangId, version, expectedValueCents: cents, expectedOrderDate: day },
      });
    const version = await versionOf(anfrage);
    const today = companyToday(ZONE);
    const negative = await set(anfrage, version, -1, today);
    expect(negative.status).toBe(400);
    expect(negative.errors).toHaveProperty('expectedValueCents');
    const badDay = await set(anfrage, version, 100, '2026-02-30');
    expect(badDay.status).toBe(400);
    expect(badDay.errors).toHaveProperty('expectedOrderDate');
    const ok = await set(anfrage, version, 2500_00, today);
    expect(ok).toMatchObject({
      status: 200,
      result: { version: version + 1, expectedValueCents: 2500_00, expectedOrderDate: today },
    });
    const stale = await set(anfrage, version, 3000_00, today);
    expect(stale.status).toBe(409);
    const detail = await resultOf(t.callEndpoint(KUNDE, getVorgang, { params: { id: anfrage } }));
    expect(detail.expectedValueCents).toBe(2500_00);
    const test = (await board({ mine: true })).columns.find((c) => c.customStatusId === column)!;
    expect(test.cards.find((c) => c.id === anfrage)).toMatchObject({ valueCents: 2500_00, estimated: true });
    // 2.500 + 2.000 + 500 = 5.000 €; weighted 500 + 30 % × 4.500 = 1.850 €; quarter 30 % × 2.500 = 750 €.
    expect(test).toMatchObject({
      sumNetCents: 5000_00,
      weightedCents: 1850_00,
      quarterWeightedCents: 750_00,
    });

    // With a Beleg the value is the Beleg's: the estimate stays but cannot change; the day still may (open).
    const angebotVersion = await versionOf(angebot);
    const withBeleg = await set(angebot, angebotVersion, 1_00, addCompanyDays(today, 200));
    expect(withBeleg.status).toBe(400);
    expect(withBeleg.errors).toHaveProperty('expectedValueCents');
    const dayOnly = await set(angebot, angebotVersion, 9999_00, today);
    expect(dayOnly.status).toBe(200);
    // An Auftrag is won: no expected order any more.
    const won = await set(auftrag, await versionOf(auftrag), null, addCompanyDays(today, 3));
    expect(won.status).toBe(400);
    expect(won.errors).toHaveProperty('expectedOrderDate');
  });

  it('lets only APP_KUNDE set an estimate', async () => {
    for (const groups of [['APP_NPS'], ['APP_ADMIN'], []]) {
      const refused = await t.callEndpoint(groups, setExpectedValueForVorgang, {
        body: { vorgangId: anfrage, version: 1, expectedValueCents: 1, expectedOrderDate: null },
      });
      expect(refused.status).toBe(403);
    }
  });

  it('keeps a win probability between 0 and 100 % (Admin → Eigene Status)', async () => {
    const statuses = entityCalls(t, customStatusEntity);
    const put = (winProbability: number, version: number) =>
      statuses.update(['APP_ADMIN'], column, {
        name: 'Testspalte',
        color: '#123456',
        sortOrder: 0,
        active: true,
        winProbability,
        version,
      });
    const versionOfStatus = async () =>
      (await sql<{ version: number }>`SELECT version FROM custom_status WHERE id = ${column}`.execute(t.db))
        .rows[0]!.version;
    for (const wrong of [101, -1, 12.5]) {
      const response = await put(wrong, await versionOfStatus());
      expect(response.status, String(wrong)).toBe(400);
      expect(JSON.stringify(response)).toMatch(/Gewinnwahrscheinlichkeit/);
    }
    const saved = await put(80, await versionOfStatus());
    expect(saved.status, saved.message).toBe(200);
    const test = (await board({ mine: true })).columns.find((c) => c.customStatusId === column)!;
    expect(test).toMatchObject({ winProbability: 80, weightedCents: 500_00 + 3600_00 });
    // The seller may read statuses but not weigh them.
    expect((await statuses.update(KUNDE, column, { winProbability: 50 })).status).toBe(403);
  });
});
