import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { companyDayOf, startOfCompanyDay } from '../../../src/config/companyTime';
import { BOARD_GAP } from '../../../src/resources/vorgaenge/kanban/boardPositions.rules';
import { PROJECT_KINDS, STAMMDATEN } from './catalog';
import type { GeneratedChunk } from './generateCustomers';
import type { SeedContext } from './seedContext';

const ORIGINS = STAMMDATEN.herkunft!;
const VAT = { AT: 0.2, DE: 0.19 };
const BELEG_PREFIX = { angebot: 'AN', auftragsbestaetigung: 'AB', rechnung: 'RE', gutschrift: 'GS' } as const;

const day = (date: Date) => format(date, 'yyyy-MM-dd');
/** The later of two ISO days. */
export const laterDay = (a: string, b: string) => (a > b ? a : b);

/**
 * An answer's instant: noon of its company day, never after today nor after the moment of seeding (nps/save/
 * refuses a future day; a survey answered 7-40 days after a recent invoice would otherwise lie ahead).
 */
function answeredAt(ctx: SeedContext, wanted: Date): string {
  const noon =
    startOfCompanyDay(day(wanted > ctx.today ? ctx.today : wanted), ctx.zone).getTime() + 12 * 3_600_000;
  return new Date(Math.min(noon, ctx.now.getTime())).toISOString();
}

export interface VorgangOwner {
  customerId: number;
  createdAt: Date;
  branch: SeedContext['branches'][number];
  owner: SeedContext['sellers'][number];
  country: 'AT' | 'DE';
}

const MILESTONE_OF = {
  angebot: 'first_offer_date',
  auftragsbestaetigung: 'first_order_date',
  rechnung: 'first_invoice_date',
} as const;

/**
 * A card's place in its column as renumberBoard gives it after the seed (BOARD_GAP apart, in id order), so that
 * it finds nothing to change; undefined for Vorgänge without a card (invoiced, lost).
 */
function boardPlace(ctx: SeedContext, status: string, customStatusId: number | null | undefined) {
  if (status !== 'anfrage' && status !== 'angebot' && status !== 'auftrag') return undefined;
  const column = customStatusId ?? 0;
  const place = (ctx.next.boardPlace.get(column) ?? 0) + 1;
  ctx.next.boardPlace.set(column, place);
  return place * BOARD_GAP;
}

/** One Vorgang of a customer with its Belege, positions, a due label and maybe an NPS answer; returns its start. */
export function generateVorgang(
  ctx: SeedContext,
  { customerId: id, createdAt, branch, owner, country }: VorgangOwner,
  vorgangLabels: SeedContext['labels'],
  out: GeneratedChunk,
): Date {
  const { faker } = ctx;
  const vorgangId = ctx.next.vorgang++;
  const kind = faker.helpers.weightedArrayElement(PROJECT_KINDS.map((k) => ({ value: k, weight: k.weight })));
  const started = faker.date.between({ from: createdAt, to: ctx.today });
  // The company's day of its start, as the app shows created_at: every other day of the Vorgang is on or after it.
  const startDay = companyDayOf(started, ctx.zone);
  const status = faker.helpers.weightedArrayElement([
    { value: 'anfrage', weight: 15 },
    { value: 'angebot', weight: 40 },
    { value: 'auftrag', weight: 18 },
    { value: 'rechnung', weight: 17 },
    { value: 'verloren', weight: 10 },
  ]);
  const customStatus =
    status === 'anfrage'
      ? faker.helpers.arrayElement(['Erstkontakt', 'Aufmaß geplant'])
      : status === 'angebot'
        ? faker.helpers.arrayElement(['Angebot in Arbeit', 'Nachfassen', 'Verhandlung'])
        : status === 'verloren'
          ? 'Verhandlung'
          : 'Montage geplant';
  const articles = ctx.articles.filter((a) => (kind.groups as readonly string[]).includes(a.group));
  const chosen = faker.helpers.arrayElements(articles, { min: 1, max: Math.min(5, articles.length) });
  const lines = chosen.map((a, index) => {
    const quantity =
      a.unit === 'lfm'
        ? faker.number.int({ min: 3, max: 18 })
        : a.unit === 'Psch'
          ? 1
          : faker.number.int({ min: 1, max: a.price > 200000 ? 2 : 10 });
    const unitPrice = Math.round(a.price * faker.number.float({ min: 0.88, max: 1.05 }));
    return { article: a, posNr: (index + 1) * 10, quantity, unitPrice, total: quantity * unitPrice };
  });
  const net = lines.reduce((sum, l) => sum + l.total, 0);
  const cost = lines.reduce((sum, l) => sum + l.quantity * l.article.cost, 0);
  const vorgang: Record<string, unknown> = {
    id: vorgangId,
    vorgang_number: `V${format(started, 'yy')}-${String(vorgangId).padStart(6, '0')}`,
    customer_id: id,
    title: kind.title,
    origin: faker.helpers.arrayElement(ORIGINS),
    branch_id: branch.id,
    seller_user_id: owner.id,
    system_status: status,
    custom_status_id: ctx.customStatuses[customStatus],
    board_position: boardPlace(ctx, status, ctx.customStatuses[customStatus]) ?? vorgangId,
    net_total_cents: status === 'anfrage' ? 0 : net,
    plan_db_cents: status === 'anfrage' ? null : net - cost,
    // An Anfrage has no Beleg yet: the seller's estimate near the later offer, and a day a few weeks to four
    // months out. Derived from the id, not drawn, so that the rest of the demo data stays as it was.
    expected_value_cents:
      status === 'anfrage' ? Math.round((net * (0.8 + (vorgangId % 5) / 10)) / 10000) * 10000 : null,
    expected_order_date:
      status === 'angebot'
        ? day(addDays(ctx.today, faker.number.int({ min: -5, max: 90 })))
        : status === 'anfrage'
          ? day(addDays(ctx.today, 14 + (vorgangId % 110)))
          : null,
    lost_reason: status === 'verloren' ? faker.helpers.arrayElement(STAMMDATEN.verlustgrund!) : null,
    last_activity_at: started.toISOString(),
    created_at: started.toISOString(),
    updated_at: started.toISOString(),
    updated_by: owner.name,
    // The days of its first Angebot, Auftragsbestätigung and Rechnung, as beleg's milestone trigger computes them
    // (migration 0021), filled in below: the trigger then finds nothing to change. Rewriting each Vorgang with all
    // its indexes once per batch of Belege was most of a 100,000-customer seed's time.
    first_offer_date: null,
    first_order_date: null,
    first_invoice_date: null,
  };
  out.vorgaenge.push(vorgang);
  if (status === 'angebot' && faker.datatype.boolean(0.35)) {
    const label = faker.helpers.arrayElement(vorgangLabels);
    out.vorgangLabels.push({
      vorgang_id: vorgangId,
      label_id: label.id,
      due_date: laterDay(
        day(addDays(ctx.today, faker.number.int({ min: -14, max: label.dueAfterDays ?? 14 }))),
        startDay,
      ),
      added_by: owner.name,
    });
  }
  const kinds =
    status === 'anfrage'
      ? []
      : status === 'angebot' || status === 'verloren'
        ? (['angebot'] as const)
        : status === 'auftrag'
          ? (['angebot', 'auftragsbestaetigung'] as const)
          : (['angebot', 'auftragsbestaetigung', 'rechnung'] as const);
  let belegDate = started;
  for (const belegType of kinds) {
    const belegId = ctx.next.beleg++;
    belegDate = faker.date.between({ from: belegDate, to: addDays(belegDate, 30) });
    if (belegDate > ctx.today) belegDate = ctx.today;
    // The company's day of the instant, as created_at is shown: a Beleg of 23:30 UTC is the next day in Vienna.
    const belegDay = companyDayOf(belegDate, ctx.zone);
    vorgang[MILESTONE_OF[belegType]] ??= belegDay;
    out.belege.push({
      id: belegId,
      vorgang_id: vorgangId,
      beleg_number: `${BELEG_PREFIX[belegType]}-${format(belegDate, 'yyyy')}-${String(ctx.next.belegNumber++).padStart(7, '0')}`,
      beleg_type: belegType,
      beleg_date: belegDay,
      net_cents: net,
      gross_cents: Math.round(net * (1 + VAT[country])),
      status:
        belegType === 'rechnung' ? faker.helpers.arrayElement(['offen', 'bezahlt', 'bezahlt']) : 'offen',
    });
    for (const line of lines) {
      out.positions.push({
        beleg_id: belegId,
        pos_nr: line.posNr,
        article_number: line.article.number,
        article_id: line.article.id,
        description: line.article.name,
        quantity: line.quantity,
        unit: line.article.unit,
        unit_price_cents: line.unitPrice,
        total_cents: line.total,
        goods_group_id: line.article.goodsGroupId,
      });
    }
  }
  // The order is expected after the offer was made, not before (drawn above, so the rest stays as it was).
  if (vorgang.expected_order_date) {
    vorgang.expected_order_date = laterDay(
      String(vorgang.expected_order_date),
      (vorgang.first_offer_date as string | null) ?? startDay,
    );
  }
  if (status === 'rechnung' && faker.datatype.boolean(0.4)) {
    const score = faker.helpers.weightedArrayElement([
      { value: 10, weight: 30 },
      { value: 9, weight: 25 },
      { value: 8, weight: 15 },
      { value: 7, weight: 10 },
      { value: 6, weight: 6 },
      { value: 5, weight: 5 },
      { value: 3, weight: 5 },
      { value: 1, weight: 4 },
    ]);
    out.npsAnswers.push({
      customer_id: id,
      vorgang_id: vorgangId,
      score,
      comment:
        score >= 9
          ? faker.helpers.arrayElement([
              'Sehr saubere Montage, danke!',
              'Top Beratung im Schauraum.',
              'Alles pünktlich und freundlich.',
              null,
            ])
          : score <= 6
            ? faker.helpers.arrayElement([
                'Lieferung hat zu lange gedauert.',
                'Monteure kamen zu spät.',
                'Preis war höher als erwartet.',
              ])
            : null,
      channel: faker.helpers.arrayElement(['email', 'email', 'telefon', 'web']),
      answered_at: answeredAt(ctx, addDays(belegDate, faker.number.int({ min: 7, max: 40 }))),
      branch_id: branch.id,
      seller_user_id: owner.id,
    });
  }
  return started;
}
