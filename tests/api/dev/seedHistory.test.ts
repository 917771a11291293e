import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { renumberBoard } from '../../../server/vorgaenge/boardMoveQueries';
import { phoneProblem } from '../../../src/resources/customers/phone.rules';
import { createTestApp, type TestApp } from '../../support/testApp';

// `npm run seed`: the set-based data set with years of history and a group's skew, at the million's proportions
// on 2,000 customers.
describe('demo data with history and skew', () => {
  let t: TestApp;
  let indexesBefore: string[];
  beforeAll(async () => {
    t = await createTestApp();
    indexesBefore = await indexDefinitions();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 2_000, history: true, starterRecipes: true });
  }, 180_000);
  afterAll(() => t.close());

  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(t.db)).rows[0]!;
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) => (await one(query)).n;
  async function indexDefinitions() {
    const { rows } = await sql<{ d: string }>`
      SELECT pg_get_indexdef(indexrelid) AS d FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
      WHERE c.relnamespace = 'public'::regnamespace AND NOT c.relispartition ORDER BY 1`.execute(t.db);
    return rows.map((r) => r.d);
  }

  it('gives a customer about 2.4 Vorgänge, ten activities and five Änderungsverlauf records over the months', async () => {
    const counts = await one(sql<{
      vorgaenge: number;
      activities: number;
      changes: number;
      months: number;
      events: number;
      eventMonths: number;
    }>`
      SELECT (SELECT count(*)::int FROM vorgang WHERE customer_id <> 1) AS vorgaenge,
             (SELECT count(*)::int FROM activity WHERE customer_id <= 2000) AS activities,
             -- The starter automations' saves are recorded in their own area when the app starts.
             (SELECT count(*)::int FROM change_record WHERE customer_id IS NOT NULL) AS changes,
             (SELECT count(DISTINCT date_trunc('month', at))::int FROM change_record) AS months,
             (SELECT count(*)::int FROM vorgang_event) AS events,
             (SELECT count(DISTINCT date_trunc('month', changed_at))::int FROM vorgang_event) AS "eventMonths"`);
    expect(counts.vorgaenge / 1_999).toBeGreaterThan(2.2);
    expect(counts.vorgaenge / 1_999).toBeLessThan(2.6);
    expect(counts.activities / 2_000).toBeGreaterThan(9);
    expect(counts.activities / 2_000).toBeLessThan(11);
    expect(counts.changes).toBe(2_000 * 5);
    expect(counts.months).toBeGreaterThan(12);
    expect(counts.events).toBeGreaterThan(500);
    expect(counts.eventMonths).toBeGreaterThan(12);
    // Every row in its month's partition, none waiting in the default ones.
    expect(await count(sql`SELECT count(*)::int AS n FROM change_record_default`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM vorgang_event_default`)).toBe(0);
  });

  it('has one Bauträger with 2 % of the customers in Vorgänge and one seller owning 5 % of the customers', async () => {
    const top = await one(sql<{ vorgaenge: number; name: string }>`
      SELECT count(*)::int AS vorgaenge, min(c.company_name) AS name FROM vorgang v JOIN customer c ON c.id = v.customer_id
      GROUP BY c.id ORDER BY count(*) DESC LIMIT 1`);
    expect(top.vorgaenge).toBe(40);
    expect(top.name).toMatch(/Bauträger/);
    const owner = await one(sql<{ customers: number; every20th: number }>`
      SELECT count(*)::int AS customers, count(*) FILTER (WHERE id % 20 = 0)::int AS every20th
      FROM customer GROUP BY owner_user_id ORDER BY count(*) DESC LIMIT 1`);
    expect(owner.customers).toBeGreaterThanOrEqual(100);
    expect(owner.every20th).toBe(100);
  });

  it('puts back every index, foreign key and trigger, and the rows keep the foreign keys', async () => {
    expect(await indexDefinitions()).toEqual(indexesBefore);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'`),
    ).toBe(0);
    const keys = await one(sql<{ all: number; unchecked: number }>`
      SELECT count(*)::int AS all, count(*) FILTER (WHERE NOT convalidated)::int AS unchecked FROM pg_constraint
      WHERE contype = 'f' AND conrelid IN ('activity'::regclass, 'vorgang'::regclass, 'beleg'::regclass,
        'beleg_position'::regclass, 'customer'::regclass, 'customer_label'::regclass, 'vorgang_label'::regclass)`);
    expect(keys.all).toBeGreaterThanOrEqual(20);
    expect(keys.unchecked).toBe(0);
    // The owner copies the label and Beleg triggers would make, as the rows carry them.
    expect(
      await count(sql`SELECT count(*)::int AS n FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id
        WHERE b.seller_user_id IS DISTINCT FROM v.seller_user_id OR b.branch_id IS DISTINCT FROM v.branch_id`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM customer_label l JOIN customer c ON c.id = l.customer_id
        WHERE l.owner_user_id IS DISTINCT FROM c.owner_user_id`),
    ).toBe(0);
  });

  it('agrees with what the triggers and the board would compute, and fired no automation', async () => {
    // The milestone days are the first Beleg of each kind, as beleg's milestone trigger keeps them.
    expect(
      await count(sql`SELECT count(*)::int AS n FROM vorgang v
        LEFT JOIN LATERAL (SELECT min(beleg_date) FILTER (WHERE beleg_type = 'angebot') AS o,
                                  min(beleg_date) FILTER (WHERE beleg_type = 'rechnung') AS r
                           FROM beleg b WHERE b.vorgang_id = v.id) m ON true
        WHERE v.first_offer_date IS DISTINCT FROM m.o OR v.first_invoice_date IS DISTINCT FROM m.r`),
    ).toBe(0);
    // A Vorgang's total is its Angebot's positions.
    expect(
      await count(sql`SELECT count(*)::int AS n FROM vorgang v JOIN beleg b ON b.vorgang_id = v.id AND b.beleg_type = 'angebot'
        WHERE v.net_total_cents <> (SELECT sum(total_cents) FROM beleg_position p WHERE p.beleg_id = b.id)`),
    ).toBe(0);
    // A customer's last activity is the latest of its activities up to now.
    expect(
      await count(sql`SELECT count(*)::int AS n FROM customer c
        WHERE c.id <= 2000 AND c.last_activity_at IS DISTINCT FROM
          (SELECT max(activity_date) FROM activity a WHERE a.customer_id = c.id AND a.activity_date <= now())`),
    ).toBe(0);
    const before = await count(sql`SELECT sum(board_position)::int AS n FROM vorgang`);
    await renumberBoard(t.db);
    expect(await count(sql`SELECT sum(board_position)::int AS n FROM vorgang`)).toBe(before);
    expect(await count(sql`SELECT count(*)::int AS n FROM automation_event`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM m365_event`)).toBe(0);
  });

  it('fills the search columns and gives valid phone numbers and unique numbers', async () => {
    expect(
      await count(sql`SELECT count(*)::int AS n FROM customer
        WHERE search_text IS NULL OR display_name IS NULL OR phone_digits IS NULL OR length(search_text) < 10`),
    ).toBe(0);
    const { rows } = await sql<{ phone: string; country: string }>`
      SELECT phone, country FROM customer WHERE phone IS NOT NULL AND id <= 2000
      UNION ALL SELECT mobile, country FROM customer WHERE mobile IS NOT NULL AND id <= 2000`.execute(t.db);
    expect(rows.length).toBeGreaterThan(2_000);
    expect(rows.filter((r) => phoneProblem(r.phone, r.country) !== null)).toEqual([]);
    const names = await one(sql<{ distinct: number; mails: number }>`
      SELECT count(DISTINCT last_name)::int AS distinct, count(email)::int AS mails FROM customer WHERE id <= 2000`);
    expect(names.distinct).toBeGreaterThan(500);
    expect(names.mails / 2_000).toBeGreaterThan(0.8);
  });
});
