import { base, de, de_AT, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { ARTICLES, CUSTOM_STATUSES, LABELS, REASONS } from '../../server/dev/seed/catalog';
import { generateCustomers } from '../../server/dev/seed/generateCustomers';
import { BRANCHES } from '../../server/dev/seed/regions';
import type { SeedContext } from '../../server/dev/seed/seedContext';
import { BOARD_GAP } from '../../src/resources/vorgaenge/kanban/boardPositions.rules';

function context(seed: number): SeedContext {
  const faker = new Faker({ locale: [de_AT, de, base] });
  faker.seed(seed);
  return {
    faker,
    tenant: 'strussnig',
    today: new Date('2026-11-21T00:00:00Z'),
    now: new Date('2026-11-21T10:00:00Z'),
    zone: 'Europe/Vienna',
    branches: BRANCHES.strussnig.map((b, i) => ({ ...b, id: i + 1 })),
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
});
