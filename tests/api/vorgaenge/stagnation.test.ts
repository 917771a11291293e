import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyDays, companyToday, startOfCompanyDay } from '../../../src/config/companyTime';
import type { QueryOf } from '../../../src/api/endpoint';
import { getDashboardFigures } from '../../../src/resources/dashboard/dashboard.endpoints';
import customStatusEntity from '../../../src/resources/statuses/customStatus.entity';
import { getKanban } from '../../../src/resources/vorgaenge/kanban/kanban.endpoints';
import { getAllVorgangs, getVorgangCounts } from '../../../src/resources/vorgaenge/vorgangList.endpoints';
import { entityCalls } from '../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

// The test app serves Strussnig: company days in Vienna. Times are set relative to today, as the server counts.
const ZONE = 'Europe/Vienna';
const LIMIT = 10;
const SELLER = ['APP_KUNDE', 'APP_STANDORT_S_VILLACH'];
const LEAD = [...SELLER, 'APP_ADMIN_VERKAUF'];
/** Victor, a seller of the branch, and Olga, its lead (their oids are their app users'). */
const VICTOR = { oid: 'oid-v', groups: SELLER };
const OLGA = { oid: 'oid-o', groups: LEAD };

/** The instant `hours` after the start of the company day `daysAgo` days before today (in Vienna). */
const companyTime = (daysAgo: number, hours: number) => {
  const day = addCompanyDays(companyToday(ZONE), -daysAgo);
  return new Date(startOfCompanyDay(day, ZONE).getTime() + hours * 3_600_000).toISOString();
};

describe('Stagnation: open Vorgänge longer without activity than their Eigener Status allows', () => {
  let t: TestApp;
  let victor: number;
  let olga: number;
  let branch: number;
  let limited: number;
  let unlimited: number;
  let n = 0;
  const id = async (query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(t.db)).rows[0]!.id;

  const vorgang = async (
    number: string,
    touched: string,
    options: { status?: string; custom?: number | null; seller?: number } = {},
  ) => {
    const customer = await id(sql`INSERT INTO customer (last_name) VALUES (${`Kunde ${++n}`}) RETURNING id`);
    return id(sql`INSERT INTO vorgang (vorgang_number, customer_id, title, seller_user_id, branch_id, system_status,
        custom_status_id, net_total_cents, last_activity_at, created_at)
      VALUES (${number}, ${customer}, ${number}, ${options.seller ?? victor}, ${branch}, ${options.status ?? 'angebot'},
        ${options.custom === undefined ? limited : options.custom}, 100, ${touched}::timestamptz,
        ${touched}::timestamptz - interval '30 days') RETURNING id`);
  };

  const list = (query: QueryOf<typeof getAllVorgangs> = {}) =>
    resultOf(t.callEndpoint(VICTOR, getAllVorgangs, { query: { branchId: branch, perPage: 100, ...query } }));
  const counts = (query: QueryOf<typeof getVorgangCounts>) =>
    resultOf(t.callEndpoint(VICTOR, getVorgangCounts, { query }));

  beforeAll(async () => {
    t = await createTestApp();
    branch = await id(
      sql`INSERT INTO branch (name, location_group) VALUES ('Villach', 'APP_STANDORT_S_VILLACH') RETURNING id`,
    );
    victor = await id(
      sql`INSERT INTO app_user (azure_oid, name, branch_id) VALUES ('oid-v', 'Victor', ${branch}) RETURNING id`,
    );
    olga = await id(
      sql`INSERT INTO app_user (azure_oid, name, branch_id) VALUES ('oid-o', 'Olga', ${branch}) RETURNING id`,
    );
    limited = await id(sql`INSERT INTO custom_status (name, sort_order, stagnant_after_days)
      VALUES ('Nachfassen (Test)', 1, ${LIMIT}) RETURNING id`);
    unlimited = await id(
      sql`INSERT INTO custom_status (name, sort_order) VALUES ('Montage (Test)', 2) RETURNING id`,
    );
    // S1: limit + 1 days without activity → stagnating. S2: exactly the limit → not yet.
    await vorgang('S1', companyTime(LIMIT + 1, 12));
    await vorgang('S2', companyTime(LIMIT, 12));
    // The company day decides, not UTC: 00:30 in Vienna on day today − limit is still 23:30 UTC the day before
    // (a UTC count would call it stagnating); 23:30 in Vienna on day today − limit − 1 belongs to that day.
    await vorgang('S3', companyTime(LIMIT, 0.5));
    await vorgang('S4', companyTime(LIMIT + 1, 23.5));
    // Closed ones never stagnate, nor one whose status has no limit, nor one without a status.
    await vorgang('S5', companyTime(200, 12), { status: 'rechnung' });
    await vorgang('S6', companyTime(200, 12), { status: 'verloren' });
    await vorgang('S7', companyTime(200, 12), { custom: unlimited });
    await vorgang('S8', companyTime(200, 12), { custom: null });
    // Olga's stagnating Anfrage: the branch counts it, Victor does not.
    await vorgang('S9', companyTime(40, 12), { status: 'anfrage', seller: olga });
  });

  afterAll(async () => {
    await t.close();
  });

  it('marks a Vorgang a day past the limit, not one at the limit, never a closed one or one without limit', async () => {
    const rows = (await list()).data;
    const days = Object.fromEntries(rows.map((row) => [row.vorgangNumber, row.stagnantDays]));
    expect(days).toMatchObject({ S1: LIMIT + 1, S2: null, S5: null, S6: null, S7: null, S8: null, S9: 40 });
  });

  it('counts company days in the tenant zone (00:30 and 23:30 in Vienna)', async () => {
    const days = Object.fromEntries((await list()).data.map((row) => [row.vorgangNumber, row.stagnantDays]));
    expect(days.S3).toBeNull();
    expect(days.S4).toBe(LIMIT + 1);
  });

  it('filters „Stagnierend“ in the database, pages it and counts it like the list', async () => {
    const all = await list({ stagnant: true, sort: 'vorgangNumber', order: 'ASC' });
    expect(all.data.map((row) => row.vorgangNumber)).toEqual(['S1', 'S4', 'S9']);
    const first = await list({ stagnant: true, sort: 'vorgangNumber', order: 'ASC', perPage: 2 });
    expect(first.data.map((row) => row.vorgangNumber)).toEqual(['S1', 'S4']);
    expect(first.hasMore).toBe(true);
    const second = await list({ stagnant: true, sort: 'vorgangNumber', order: 'ASC', perPage: 2, page: 2 });
    expect(second.data.map((row) => row.vorgangNumber)).toEqual(['S9']);
    expect(second.hasMore).toBe(false);
    expect((await counts({ branchId: branch, stagnant: true })).total).toBe(3);
  });

  it('shows the days without activity on the board card', async () => {
    const board = await resultOf(t.callEndpoint(VICTOR, getKanban, { query: { branchId: branch } }));
    const cards = board.columns.flatMap((column) => column.cards);
    const days = Object.fromEntries(cards.map((card) => [card.vorgangNumber, card.stagnantDays]));
    expect(days).toMatchObject({ S1: LIMIT + 1, S2: null, S3: null, S4: LIMIT + 1, S7: null, S9: 40 });
  });

  it('counts the stagnating Vorgänge on the dashboard: the seller his own, the lead the branch', async () => {
    const own = await resultOf(t.callEndpoint(VICTOR, getDashboardFigures, { query: {} }));
    expect(own.stagnant).toBe(2);
    const ofBranch = await resultOf(
      t.callEndpoint(OLGA, getDashboardFigures, { query: { scope: 'branch' } }),
    );
    expect(ofBranch.stagnant).toBe(3);
    // The list behind the seller's link („nur meine“ + Stagnierend) counts the same.
    const mine = await counts({ sellerUserId: victor, stagnant: true });
    expect(mine.total).toBe(own.stagnant);
  });

  it('keeps the limit between 1 and 365 days or empty (Admin → Eigene Status)', async () => {
    const versionOf = async () =>
      (
        await sql<{ version: number }>`SELECT version FROM custom_status WHERE id = ${unlimited}`.execute(
          t.db,
        )
      ).rows[0]!.version;
    const put = async (stagnantAfterDays: number | null, groups = ['APP_ADMIN']) =>
      entityCalls(t, customStatusEntity).update(groups, unlimited, {
        name: 'Montage (Test)',
        color: '#123456',
        sortOrder: 2,
        active: true,
        winProbability: 10,
        stagnantAfterDays,
        version: await versionOf(),
      });
    for (const wrong of [0, 366, 2.5]) {
      const response = await put(wrong);
      expect(response.status, String(wrong)).toBe(400);
      expect(JSON.stringify(response)).toMatch(/Stagnierend nach/);
    }
    expect((await put(5, ['APP_KUNDE'])).status).toBe(403);
    await resultOf(put(5));
    const days = Object.fromEntries((await list()).data.map((row) => [row.vorgangNumber, row.stagnantDays]));
    expect(days.S7).toBe(200);
    expect((await put(null)).status).toBe(200);
    const again = Object.fromEntries((await list()).data.map((row) => [row.vorgangNumber, row.stagnantDays]));
    expect(again.S7).toBeNull();
  });
});
