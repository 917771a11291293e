import { base, de, de_AT, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { ARTICLES, CUSTOM_STATUSES, LABELS, REASONS } from '../../server/dev/seed/catalog';
import { generateCustomers } from '../../server/dev/seed/generateCustomers';
import { BRANCHES } from '../../server/dev/seed/regions';
import type { SeedContext } from '../../server/dev/seed/seedContext';
import { BOARD_GAP } from '../../src/resources/vorgaenge/kanban/boardPositions.rules';
import { companyDayOf } from '../../src/config/companyTime';
import { phoneProblem } from '../../src/resources/customers/phone.rules';

function context(seed: number, tenant: 'strussnig' | 'rekord' = 'strussnig'): SeedContext {
  const faker = new Faker({ locale: tenant === 'rekord' ? [de, base] : [de_AT, de, base] });
  faker.seed(seed);
  return {
    faker,
    tenant,
    // The company's day as a local midnight, as seedDemoData gives it (whatever the machine's zone).
    today: new Date(2026, 10, 21),
    now: new Date('2026-11-21T10:00:00Z'),
    zone: tenant === 'rekord' ? 'Europe/Berlin' : 'Europe/Vienna',
    branches: BRANCHES[tenant].map((b, i) => ({ ...b, id: i + 1 })),
    sellers: [1, 2, 3, 4].map((id) => ({ id, branchId: id, name: `Verkauf ${id}` })),
    labels: LABELS.map((l, i) => ({ ...l, id: i + 1 })),
    reasons: REASONS.map((r, i) => ({ id: i + 1, text: r.text })),
    customStatuses: Object.fromEntries(CUSTOM_STATUSES.map((s, i) => [s.name, i + 1])),
    articles: ARTICLES.map((a, i) => ({ ...a, id: i + 1, goodsGroupId: 1 })),
    next: { customer: 1, vorgang: 1, beleg: 1, belegNumber: 1, boardPlace: new Map() },
  };
}

describe('demo data generator', () => {
  it('gives the same data for the same seed, and other data for another', () => {
    const first = generateCustomers(context(7), 100);
    expect(generateCustomers(context(7), 100)).toEqual(first);
    expect(generateCustomers(context(8), 100).customers[0]).not.toEqual(first.customers[0]);
  });

  it('makes Austrian customers with postcodes, phone numbers and consistent amounts', () => {
    const data = generateCustomers(context(1), 300);
    expect(data.customers).toHaveLength(300);
    for (const customer of data.customers) {
      expect(customer.zip).toMatch(/^\d{4}$/);
      if (customer.phone) expect(customer.phone).toMatch(/^\+43 \d+ \d+$/);
      expect(customer.company_name ?? customer.last_name).toBeTruthy();
    }
    expect(data.vorgaenge.length).toBeGreaterThan(500);
    for (const beleg of data.belege) {
      const positions = data.positions.filter((p) => p.beleg_id === beleg.id);
      expect(positions.length).toBeGreaterThan(0);
      expect(positions.reduce((sum, p) => sum + Number(p.total_cents), 0)).toBe(beleg.net_cents);
      expect(beleg.gross_cents).toBe(Math.round(Number(beleg.net_cents) * 1.2));
    }
    for (const answer of data.npsAnswers) expect(Number(answer.score)).toBeGreaterThanOrEqual(0);
  });

  // The seed's triggers and renumberBoard then find nothing to rewrite (most of a large seed's time otherwise).
  it('gives each Vorgang its first Beleg days and its place on the board as the database would', () => {
    const data = generateCustomers(context(3), 200);
    const firstDay = (vorgangId: unknown, type: string) =>
      data.belege
        .filter((b) => b.vorgang_id === vorgangId && b.beleg_type === type)
        .map((b) => String(b.beleg_date))
        .sort()[0] ?? null;
    const lastPlace = new Map<unknown, number>();
    for (const vorgang of data.vorgaenge) {
      expect(vorgang.first_offer_date).toBe(firstDay(vorgang.id, 'angebot'));
      expect(vorgang.first_order_date).toBe(firstDay(vorgang.id, 'auftragsbestaetigung'));
      expect(vorgang.first_invoice_date).toBe(firstDay(vorgang.id, 'rechnung'));
      if (!['anfrage', 'angebot', 'auftrag'].includes(String(vorgang.system_status))) continue;
      const column = vorgang.custom_status_id ?? 0;
      const place = (lastPlace.get(column) ?? 0) + BOARD_GAP;
      expect(vorgang.board_position).toBe(place);
      lastPlace.set(column, place);
    }
    expect(lastPlace.size).toBeGreaterThan(1);
  });

  // A demo Vorgang created on 28.11. with its Angebot of 29.11. was "expected" to be ordered on 25.11.
  it.each(['strussnig', 'rekord'] as const)(
    'keeps the dates of %s in their order: created ≤ Angebot ≤ AB ≤ Rechnung, ≤ expected order and label days',
    (tenant) => {
      const ctx = context(11, tenant);
      const data = generateCustomers(ctx, 400);
      const dayOf = (instant: unknown) => companyDayOf(String(instant), ctx.zone);
      const today = '2026-11-21';
      const customers = new Map(data.customers.map((c) => [c.id, c]));
      const order: string[] = [];
      const expectOrder = (what: string, earlier: unknown, later: unknown) => {
        if (earlier === null || earlier === undefined || later === null || later === undefined) return;
        if (String(earlier) > String(later)) order.push(`${what}: ${String(earlier)} > ${String(later)}`);
      };
      for (const customer of data.customers) {
        expectOrder(`Kunde ${String(customer.id)} angelegt/heute`, dayOf(customer.created_at), today);
        expectOrder(
          `Kunde ${String(customer.id)} angelegt/letzte Aktivität`,
          customer.created_at,
          customer.last_activity_at,
        );
      }
      for (const label of data.customerLabels) {
        const customer = customers.get(label.customer_id)!;
        expectOrder(
          `Kundenlabel von ${String(label.customer_id)}`,
          dayOf(customer.created_at),
          label.due_date,
        );
      }
      const vorgaenge = new Map(data.vorgaenge.map((v) => [v.id, v]));
      for (const vorgang of data.vorgaenge) {
        const name = `Vorgang ${String(vorgang.vorgang_number)}`;
        const created = dayOf(vorgang.created_at);
        expectOrder(
          `${name} Kunde angelegt/Vorgang angelegt`,
          dayOf(customers.get(vorgang.customer_id)!.created_at),
          created,
        );
        expectOrder(`${name} angelegt/heute`, created, today);
        const belege = data.belege.filter((b) => b.vorgang_id === vorgang.id);
        let previous = created;
        for (const type of ['angebot', 'auftragsbestaetigung', 'rechnung']) {
          for (const beleg of belege.filter((b) => b.beleg_type === type)) {
            expectOrder(`${name} ${type}`, previous, beleg.beleg_date);
            expectOrder(`${name} ${type}/heute`, beleg.beleg_date, today);
            previous = String(beleg.beleg_date);
          }
        }
        expectOrder(`${name} angelegt/Erwarteter Auftrag`, created, vorgang.expected_order_date);
        expectOrder(
          `${name} Angebot/Erwarteter Auftrag`,
          vorgang.first_offer_date,
          vorgang.expected_order_date,
        );
      }
      for (const label of data.vorgangLabels) {
        const vorgang = vorgaenge.get(label.vorgang_id)!;
        expectOrder(
          `Vorgangslabel von ${String(vorgang.vorgang_number)}`,
          dayOf(vorgang.created_at),
          label.due_date,
        );
      }
      for (const activity of data.activities) {
        const customer = customers.get(activity.customer_id)!;
        expectOrder(
          `Aktivität von ${String(activity.customer_id)}`,
          customer.created_at,
          activity.activity_date,
        );
        expectOrder(
          `Aktivität von ${String(activity.customer_id)} fällig`,
          dayOf(activity.activity_date),
          activity.due_date,
        );
      }
      for (const answer of data.npsAnswers) {
        const invoice = data.belege.find(
          (b) => b.vorgang_id === answer.vorgang_id && b.beleg_type === 'rechnung',
        );
        expectOrder(
          `NPS zu Vorgang ${String(answer.vorgang_id)}`,
          invoice?.beleg_date,
          dayOf(answer.answered_at),
        );
        expectOrder(
          `NPS zu Vorgang ${String(answer.vorgang_id)}/jetzt`,
          answer.answered_at,
          ctx.now.toISOString(),
        );
      }
      expect(order).toEqual([]);
      // Enough of each kind was looked at.
      expect(
        data.vorgaenge.filter((v) => v.expected_order_date && v.first_offer_date).length,
      ).toBeGreaterThan(100);
    },
  );

  it.each(['strussnig', 'rekord'] as const)(
    'gives %s customers phone numbers the phone rule accepts',
    (tenant) => {
      const data = generateCustomers(context(5, tenant), 300);
      const refused = data.customers.flatMap((c) =>
        [c.phone, c.mobile].flatMap((n) =>
          n && phoneProblem(String(n), String(c.country)) ? [`${String(n)} (${String(c.country)})`] : [],
        ),
      );
      expect(refused).toEqual([]);
      const country = tenant === 'rekord' ? '+49' : '+43';
      expect(data.customers.filter((c) => String(c.mobile ?? '').startsWith(country)).length).toBeGreaterThan(
        150,
      );
    },
  );
});
