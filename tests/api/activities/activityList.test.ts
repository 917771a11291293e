import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointInput } from '../../../src/api/endpoint';
import { formatCompanyDateTime } from '../../../src/config/companyTime';
import activityEntity from '../../../src/resources/activities/activity.entity';
import {
  getActivities,
  getUserActivitiesChartData,
} from '../../../src/resources/activities/activities.endpoints';
import { entityCalls } from '../../support/entityCalls';
import { createTestApp, ISSUER, resultOf, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';
import { workbookOf } from '../../support/excelWorkbook';

interface Person {
  oid: string;
  groups: string[];
}
const VICTOR = { oid: 'oid-victor', groups: ['APP_KUNDE', 'APP_STANDORT_S_VILLACH'] };
const OLGA = { oid: 'oid-olga', groups: ['APP_KUNDE', 'APP_STANDORT_S_VILLACH'] };
const LENA = { oid: 'oid-lena', groups: ['APP_KUNDE', 'APP_ADMIN_VERKAUF', 'APP_STANDORT_S_VILLACH'] };

describe('activities across customers: list, filters, whose rows, export', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const id = async (query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(t.db)).rows[0]!.id;
  const as = async (person: Person, options: InjectOptions) => {
    const token = await signAccessToken(t.signingKey, ISSUER, person.groups, { oid: person.oid });
    return t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
  };
  const list = async (person: Person, query: EndpointInput<typeof getActivities>['query'] = {}) =>
    resultOf(t.callEndpoint(person, getActivities, { query }));
  const activities = () => entityCalls(t, activityEntity);

  beforeAll(async () => {
    t = await createTestApp();
    ids.villach = await id(
      sql`INSERT INTO branch (name, location_group) VALUES ('Villach', 'APP_STANDORT_S_VILLACH') RETURNING id`,
    );
    ids.wien = await id(
      sql`INSERT INTO branch (name, location_group) VALUES ('Wien', 'APP_STANDORT_S_WIEN') RETURNING id`,
    );
    const user = (oid: string, name: string, branch: number) =>
      id(
        sql`INSERT INTO app_user (azure_oid, name, branch_id) VALUES (${oid}, ${name}, ${branch}) RETURNING id`,
      );
    ids.victor = await user(VICTOR.oid, 'Victor Verkauf', ids.villach);
    ids.olga = await user(OLGA.oid, 'Olga Ort', ids.villach);
    ids.lena = await user(LENA.oid, 'Lena Leitung', ids.villach);
    ids.willi = await user('oid-willi', 'Willi Wien', ids.wien);
    ids.customer = await id(sql`INSERT INTO customer (last_name) VALUES ('Gruber') RETURNING id`);
    ids.reason = await id(sql`INSERT INTO reason_option (text) VALUES ('Rückruf') RETURNING id`);
    ids.vorgang = await id(
      sql`INSERT INTO vorgang (vorgang_number, customer_id, title, seller_user_id, branch_id)
          VALUES ('V-1', ${ids.customer}, 'Fenster', ${ids.victor}, ${ids.villach}) RETURNING id`,
    );
    const activity = (user: number, type: string, at: string, done = false, reason: number | null = null) =>
      sql`INSERT INTO activity (customer_id, vorgang_id, activity_type, activity_date, done, user_id, reason_id)
          VALUES (${ids.customer}, ${ids.vorgang}, ${type}, ${at}::timestamptz, ${done}, ${user}, ${reason})`.execute(
        t.db,
      );
    // Victor: 3 activities; one at 23:30 Vienna time on 31 May (21:30Z) and one at 00:30 Vienna time on
    // 1 June (22:30Z, still 31 May in UTC): the company day decides the period, not UTC.
    await activity(ids.victor, 'termin', '2026-05-31T21:30:00Z', false, ids.reason); // 23:30 on 31.05.
    await activity(ids.victor, 'anruf', '2026-05-31T22:30:00Z', true); // 00:30 on 01.06.
    await activity(ids.victor, 'besuch', '2026-06-10T08:00:00Z');
    // Olga (same branch): 2; Willi (other branch): 1.
    await activity(ids.olga, 'anruf', '2026-06-02T08:00:00Z');
    await activity(ids.olga, 'aufmass', '2026-06-03T08:00:00Z', true);
    await activity(ids.willi, 'anruf', '2026-06-04T08:00:00Z');
  });
  afterAll(() => t.close());

  it('a seller sees only their own activities, a lead those of the branch led', async () => {
    const victor = await list(VICTOR);
    expect(victor.total).toBe(3);
    expect(new Set(victor.rows.map((row) => row.userName))).toEqual(new Set(['Victor Verkauf']));
    // A seller asking for a colleague's rows gets none of them.
    expect((await list(VICTOR, { userId: ids.olga })).total).toBe(0);
    const lena = await list(LENA);
    expect(lena.total).toBe(5);
    expect(lena.rows.some((row) => row.userName === 'Willi Wien')).toBe(false);
    expect((await list(LENA, { userId: ids.olga })).total).toBe(2);
    expect((await list(LENA, { branchId: ids.wien })).total).toBe(0);
  });

  it('filters by Art, Grund, erledigt and company days, and links customer and Vorgang', async () => {
    expect((await list(LENA, { activityType: 'anruf' })).total).toBe(2);
    const byReason = await list(VICTOR, { reasonId: ids.reason });
    expect(byReason.rows.map((row) => [row.activityType, row.reasonName])).toEqual([['termin', 'Rückruf']]);
    expect((await list(LENA, { done: true })).total).toBe(2);
    expect((await list(LENA, { done: false })).total).toBe(3);
    const june = await list(VICTOR, { from: '2026-06-01', to: '2026-06-01' });
    expect(june.rows.map((row) => row.activityType)).toEqual(['anruf']);
    const may = await list(VICTOR, { to: '2026-05-31' });
    expect(may.rows.map((row) => row.activityType)).toEqual(['termin']);
    expect(june.rows[0]).toMatchObject({
      customerId: ids.customer,
      customerName: 'Gruber',
      vorgangId: ids.vorgang,
      vorgangNumber: 'V-1',
    });
  });

  it('pages and sorts in the database', async () => {
    const first = await list(LENA, { sort: 'activityDate', order: 'ASC', perPage: 2, page: 1 });
    const second = await list(LENA, { sort: 'activityDate', order: 'ASC', perPage: 2, page: 2 });
    expect(first.total).toBe(5);
    expect(first.rows.map((row) => row.activityType)).toEqual(['termin', 'anruf']);
    expect(second.rows.map((row) => row.activityType)).toEqual(['anruf', 'aufmass']);
  });

  it('refuses bad filters with a German 400 at the field', async () => {
    const period = await as(LENA, {
      method: 'GET',
      url: '/api/activity/getActivities',
      query: { from: '2026-06-10', to: '2026-06-01' },
    });
    expect(period.statusCode).toBe(400);
    expect(period.json().result.errors).toEqual({ to: 'Das Ende liegt vor dem Anfang des Zeitraums.' });
    const type = await as(LENA, {
      method: 'GET',
      url: '/api/activity/getActivities',
      query: { activityType: 'fax' },
    });
    expect(type.statusCode).toBe(400);
    expect(type.json().result.message).toMatch(/activityType|Art/);
  });

  it('exports exactly the filtered rows, with German headers and real dates', async () => {
    const query = { done: 'false', sort: 'activityDate', order: 'ASC' };
    const listed = await list(LENA, { done: false, sort: 'activityDate', order: 'ASC' });
    const response = await as(LENA, { method: 'GET', url: '/api/excel/genExcelActivities', query });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/Aktivitaeten_\d{4}-\d{2}-\d{2}\.xlsx/);
    const workbook = await workbookOf(response.rawPayload);
    const sheet = workbook.getWorksheet('Aktivitäten')!;
    expect(sheet.rowCount - 1).toBe(listed.total);
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['Datum', 'Art', 'Grund', 'Verkäufer']));
    // The Termin at 23:30 Vienna time is written as that wall-clock time, as a real Excel date.
    expect(sheet.getRow(2).getCell(1).value).toEqual(new Date('2026-05-31T23:30:00Z'));
    expect(sheet.getRow(2).getCell(2).value).toBe('Termin');
  });

  it("charts activities per seller and Art for a period of company days, in the caller's scope only", async () => {
    const chart = async (person: Person, query: EndpointInput<typeof getUserActivitiesChartData>['query']) =>
      t.callEndpoint(person, getUserActivitiesChartData, { query });
    const period = { groupBy: 'seller', from: '2026-06-01', to: '2026-06-10' } as const;
    const branch = await chart(LENA, { ...period, scope: 'branch' });
    expect(branch.status, branch.message).toBe(200);
    // The Termin at 23:30 Vienna on 31 May is outside; the Anruf at 00:30 on 1 June is inside. Willi (Wien) never.
    expect(branch.result).toEqual([
      { userId: ids.olga, userName: 'Olga Ort', activityType: 'anruf', count: 1 },
      { userId: ids.olga, userName: 'Olga Ort', activityType: 'aufmass', count: 1 },
      { userId: ids.victor, userName: 'Victor Verkauf', activityType: 'anruf', count: 1 },
      { userId: ids.victor, userName: 'Victor Verkauf', activityType: 'besuch', count: 1 },
    ]);
    const one = await chart(LENA, { ...period, scope: 'user', userId: ids.olga });
    expect(one.result.map((row) => row.userId)).toEqual([ids.olga, ids.olga]);
    // A seller: their own rows only; the branch or a colleague is refused.
    const mine = await chart(VICTOR, { ...period, from: '2026-05-31' });
    expect(mine.result).toEqual([
      expect.objectContaining({ userId: ids.victor, activityType: 'anruf', count: 1 }),
      expect.objectContaining({ userId: ids.victor, activityType: 'besuch', count: 1 }),
      expect.objectContaining({ userId: ids.victor, activityType: 'termin', count: 1 }),
    ]);
    expect((await chart(VICTOR, { ...period, scope: 'branch' })).status).toBe(403);
    expect((await chart(VICTOR, { ...period, scope: 'user', userId: ids.olga })).status).toBe(403);
    // A lead asking for a seller of another branch is refused too.
    expect((await chart(LENA, { ...period, scope: 'user', userId: ids.willi })).status).toBe(403);
    const reversed = await chart(LENA, { ...period, from: '2026-06-11', scope: 'branch' });
    expect(reversed.status).toBe(400);
    expect(reversed.errors).toEqual({ to: 'Das Ende liegt vor dem Anfang des Zeitraums.' });
    // Without groupBy the answer is still the dashboard's weeks (compatible).
    const weekly = await chart(VICTOR, {});
    expect(weekly.status).toBe(200);
  });

  it("keeps an activity's time of day: 23:30 Vienna stays 23:30 on its company day, across DST", async () => {
    const create = async (activityDate: string) =>
      resultOf(
        activities().create(VICTOR, {
          customerId: ids.customer,
          activityType: 'termin',
          activityDate,
        }),
      );
    // An activity without a date reads as null, which fails the comparisons below.
    const vienna = (instant: string | null) => instant && formatCompanyDateTime(instant, 'Europe/Vienna');
    // 28 March (UTC+1) and 29 March (UTC+2, the day clocks go forward): the picker sends instants.
    const winter = await create('2026-03-28T22:30:00.000Z');
    const summer = await create('2026-03-29T21:30:00.000Z');
    // A wall clock without offset is the company's: 25 October (back to UTC+1) 23:30, and a bare day = midnight.
    const autumn = await create('2026-10-25T23:30');
    const bareDay = await create('2026-03-29');
    expect([winter, summer, autumn, bareDay].map((row) => vienna(row.activityDate))).toEqual([
      '28.03.2026 23:30',
      '29.03.2026 23:30',
      '25.10.2026 23:30',
      '29.03.2026 00:00',
    ]);
    expect(autumn.activityDate).toBe('2026-10-25T22:30:00.000Z');
    // Read back through the list: same instants; a filter by day is the company day (not UTC's).
    const read = async (filter: Record<string, unknown>) =>
      (await resultOf(activities().list(VICTOR, { filter, perPage: 100 }))).data;
    const onDay = await read({ customerId: ids.customer, activityDate: '2026-03-29' });
    expect(onDay.map((row) => row.id).sort()).toEqual([summer.id, bareDay.id].sort());
    expect(onDay.find((row) => row.id === summer.id)!.activityDate).toBe('2026-03-29T21:30:00.000Z');
    expect((await read({ activityDate: '2026-03-28' })).map((row) => row.id)).toEqual([winter.id]);
    // Editing keeps the time; a bad value is a German 400 at the field, nothing saved.
    const edited = await resultOf(
      activities().update(VICTOR, winter.id, {
        ...winter,
        note: 'verschoben',
        activityDate: '2026-03-28T23:45',
      }),
    );
    expect(vienna(edited.activityDate)).toBe('28.03.2026 23:45');
    const bad = await activities().create(VICTOR, {
      customerId: ids.customer,
      activityType: 'termin',
      activityDate: '2026-03-29T25:10',
    });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({
      activityDate: 'Datum: Bitte geben Sie ein gültiges Datum mit Uhrzeit ein.',
    });
  });

  it("moves its Vorgang's letzte Aktivität on, as its customer's, never back and never into the future", async () => {
    const lastActivity = async () =>
      (
        await sql<{
          at: Date | null;
        }>`SELECT last_activity_at AS at FROM vorgang WHERE id = ${ids.vorgang}`.execute(t.db)
      ).rows[0]!.at;
    await sql`UPDATE vorgang SET last_activity_at = '2025-05-17T07:04:00Z' WHERE id = ${ids.vorgang}`.execute(
      t.db,
    );
    const create = async (activityDate: string) =>
      activities().create(VICTOR, {
        customerId: ids.customer,
        vorgangId: ids.vorgang,
        activityType: 'besuch',
        activityDate,
      });
    expect((await create('2026-06-15T08:00:00.000Z')).status).toBe(200);
    expect(await lastActivity()).toEqual(new Date('2026-06-15T08:00:00.000Z'));
    // An older one does not move it back; one planned for later counts from now, not from its day.
    await create('2026-01-02T08:00:00.000Z');
    expect(await lastActivity()).toEqual(new Date('2026-06-15T08:00:00.000Z'));
    const before = Date.now();
    await create('2099-01-01T08:00:00.000Z');
    const planned = (await lastActivity())!.getTime();
    expect(planned).toBeGreaterThanOrEqual(before - 1000);
    expect(planned).toBeLessThanOrEqual(Date.now() + 1000);
  });
});

describe('activity type codes of the list filter', () => {
  it('are the codes of ACTIVITY_TYPES', async () => {
    const { getActivities } = await import('../../../src/resources/activities/activities.endpoints');
    const { ACTIVITY_TYPES } = await import('../../../src/resources/activities/activityTypes');
    expect(getActivities.query.properties.activityType).toEqual(
      expect.objectContaining({
        anyOf: ACTIVITY_TYPES.map((type) => expect.objectContaining({ const: type.id })),
      }),
    );
  });
});
