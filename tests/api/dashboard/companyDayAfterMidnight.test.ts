import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDashboardFigures } from '../../../src/resources/dashboard/dashboard.endpoints';
import { getSalesTargetData } from '../../../src/resources/salesPlanning/salesTargets.endpoints';
import customerEntity from '../../../src/resources/customers/customer.entity';
import sentMailEntity from '../../../src/resources/mail/sentMail.entity';
import { entityCalls } from '../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

// Between 00:00 and 01:00 in Vienna the UTC day is still yesterday. Everything below is seen
// at 00:30 Vienna time on 1 June 2026 (31 May 22:30 UTC); the test process runs in UTC like the server.
const AT_0030_VIENNA = new Date('2026-05-31T22:30:00Z');
const CURVE = [5, 6, 9, 10, 10, 9, 8, 8, 10, 10, 9, 6];
const ME = '11111111-2222-3333-4444-555555555555'; // the oid of the test tokens

describe('the company day after midnight (00:30 Vienna)', () => {
  let t: TestApp;
  const id = async (query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(t.db)).rows[0]!.id;

  beforeAll(async () => {
    t = await createTestApp();
    const branch = await id(
      sql`INSERT INTO branch (name, location_group) VALUES ('Villach', 'APP_STANDORT_S_VILLACH') RETURNING id`,
    );
    const seller = await id(
      sql`INSERT INTO app_user (azure_oid, name, branch_id) VALUES (${ME}, 'Victor', ${branch}) RETURNING id`,
    );
    await sql`INSERT INTO sales_target (user_id, year, target_cents) VALUES (${seller}, 2026, 120000000)`.execute(
      t.db,
    );
    await sql`INSERT INTO sales_curve_month (month, share_percent)
              SELECT m, s FROM unnest(${CURVE}::numeric[]) WITH ORDINALITY AS u(s, m)`.execute(t.db);
    const customer = await id(
      sql`INSERT INTO customer (last_name, last_activity_at) VALUES ('Mitternacht', ${AT_0030_VIENNA.toISOString()}) RETURNING id`,
    );
    await sql`INSERT INTO sent_mail (customer_id, sender_oid, sender_name, recipient, subject, body, status, sent_at)
              VALUES (${customer}, ${ME}, 'Victor', 'kunde@example.at', 'Nach Mitternacht', 'Text', 'gesendet',
                      ${AT_0030_VIENNA.toISOString()})`.execute(t.db);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => t.close());

  it("Kunden: Letzte Aktivität is the company's day of the instant, not the UTC day", async () => {
    const customers = entityCalls(t, customerEntity);
    const { data: rows } = await resultOf(customers.list(['APP_KUNDE'], { filter: { q: 'Mitternacht' } }));
    expect(rows.map((row) => row.lastActivityAt)).toEqual(['2026-06-01']);
    const one = await resultOf(customers.one(['APP_KUNDE'], rows[0]!.id));
    expect(one.lastActivityAt).toBe('2026-06-01');
  });

  it('Postausgang: Gesendet am is the instant (shown dd.MM.yyyy HH:mm in the zone), not a cut UTC day', async () => {
    const { data } = await resultOf(entityCalls(t, sentMailEntity).list(['APP_ADMIN']));
    const sentAt = data[0]?.sentAt;
    if (!sentAt) throw new Error(`Keine gesendete Mail mit Sendezeit: ${JSON.stringify(data)}`);
    expect(new Date(sentAt).toISOString()).toBe(AT_0030_VIENNA.toISOString());
    const { formatCompanyDateTime } = await import('../../../src/config/companyTime');
    expect(formatCompanyDateTime(sentAt, 'Europe/Vienna')).toBe('01.06.2026 00:30');
  });

  it('Soll bis heute: dashboard and Soll/Ist give the same amount, for the company day (1 June)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: AT_0030_VIENNA });
    const figures = await t.callEndpoint(['APP_KUNDE'], getDashboardFigures, { query: {} });
    const targets = await t.callEndpoint(['APP_ADMIN_VERKAUF'], getSalesTargetData, {
      query: { year: 2026 },
    });
    expect(figures.status).toBe(200);
    expect(targets.status).toBe(200);
    // January to May in full (40 %), and 1 of June's 30 days of its 9 %: 40.3 % of 1.200.000,00 €.
    const expected = 48_360_000;
    expect(figures.result).toMatchObject({ today: '2026-06-01', expectedToDateCents: expected });
    const [row] = targets.result;
    expect(row!.expectedToDateCents).toBe(expected);
  });
});
