import type { Faker } from '@faker-js/faker';
import { ACTIVITY_TYPES } from '../../../src/resources/activities/activityTypes';
import { companyToday, startOfCompanyDay } from '../../../src/config/companyTime';
import { BOARD_GAP } from '../../../src/resources/vorgaenge/kanban/boardPositions.rules';
import type { Database } from '../../platform/db/database';
import { insertActivities, insertAnswersAndNotes, insertHistory, insertLabels } from './bulkActivityQueries';
import { createAsciiMail, insertCustomers, skewCounts } from './bulkCustomerQueries';
import { createDrawTables } from './bulkDrawTableQueries';
import { BULK_TABLES, bulkSessionSettings, putAside, putBack } from './bulkPutAsideQueries';
import type { BulkMaster, BulkWords } from './bulkSeedTypes';
import { insertBelege, insertPositions, insertVorgaenge } from './bulkVorgangQueries';
import { PROJECT_KINDS, STAMMDATEN } from './catalog';
import type { SeedContext } from './seedContext';

/** The name lists of the tenant's locale (faker's), streets without the place faker writes after some. */
function wordsOf(faker: Faker): BulkWords {
  const person = faker.definitions.person;
  const unique = (list: readonly string[]) => [...new Set(list)];
  return {
    female: unique(person.first_name.female ?? []),
    male: unique(person.first_name.male ?? []),
    last: unique(person.last_name.generic ?? []),
    street: unique(faker.definitions.location.street_name.map((s) => s.replace(/\s*\(.*\)$/, ''))),
  };
}

/** The master data the statements draw from, as ids and weights. */
function masterOf(ctx: SeedContext): BulkMaster {
  return {
    // The first two branches (the biggest) a third more customers than the others, as the generator draws them.
    branches: ctx.branches.map((b, i) => ({
      id: b.id,
      country: b.country,
      weight: i < 2 ? 3 : 2,
      places: b.places,
    })),
    sellers: ctx.sellers.map((s) => ({ id: s.id, branchId: s.branchId })),
    kinds: PROJECT_KINDS.map((kind) => ({
      title: kind.title,
      weight: kind.weight,
      articles: ctx.articles
        .filter((a) => (kind.groups as readonly string[]).includes(a.group))
        .map((a) => a.id),
    })),
    customerLabels: ctx.labels
      .filter((l) => l.forCustomer)
      .map((l) => ({ id: l.id, dueAfterDays: l.dueAfterDays })),
    vorgangLabels: ctx.labels
      .filter((l) => l.forVorgang && l.dueAfterDays !== null)
      .map((l) => ({ id: l.id, dueAfterDays: l.dueAfterDays! })),
    reasons: ctx.reasons.map((r) => r.id),
    customStatuses: ctx.customStatuses,
    activityTypes: ACTIVITY_TYPES.map((t) => t.id),
    origins: [...STAMMDATEN.herkunft!],
    titles: [...STAMMDATEN.titel!],
    lostReasons: [...STAMMDATEN.verlustgrund!],
  };
}

/**
 * `npm run seed`'s data set written set-based in one transaction: customers with their Vorgänge, Belege,
 * positions, labels, about ten activities, NPS answers, notes and years of history, with a group's skew (the
 * Bauträger, customer 1, with 2 % of the customers' count in Vorgänge; one seller owning every 20th customer).
 * Indexes, foreign keys and triggers of these tables wait until the rows are in: no automation event, no
 * Microsoft 365 entry and no search work is made row by row, and a failure leaves nothing half-written.
 */
export async function seedBulk(
  db: Database,
  ctx: SeedContext,
  total: number,
  onStep: (step: string) => void = () => undefined,
): Promise<void> {
  const today = companyToday(ctx.zone, ctx.now);
  const day = { today, todayStart: startOfCompanyDay(today, ctx.zone), now: ctx.now, zone: ctx.zone };
  const master = masterOf(ctx);
  const skewSeller = ctx.sellers[0]!;
  await db.transaction().execute(async (trx) => {
    await bulkSessionSettings(trx);
    const aside = await putAside(trx, BULK_TABLES);
    await createDrawTables(trx, wordsOf(ctx.faker), master);
    await createAsciiMail(trx);
    const customers = await insertCustomers(
      trx,
      total,
      wordsOf(ctx.faker),
      master,
      { sellerId: skewSeller.id, branchId: skewSeller.branchId },
      day,
    );
    onStep(`${customers} Kunden; Vorgänge`);
    const vorgaenge = await insertVorgaenge(
      trx,
      master,
      Math.max(1, Math.round(total * 0.02)),
      day,
      BOARD_GAP,
    );
    onStep(`${vorgaenge} Vorgänge; Belege`);
    const belege = await insertBelege(trx, day);
    onStep(`${belege} Belege; Positionen`);
    const positions = await insertPositions(trx);
    onStep(`${positions} Positionen; Aktivitäten`);
    const activities = await insertActivities(trx, master, day);
    onStep(`${activities} Aktivitäten; Labels, NPS, Notizen`);
    await insertLabels(trx, master, day);
    await insertAnswersAndNotes(trx, day);
    const history = await insertHistory(trx, day);
    onStep(`${history.changes} Änderungen, ${history.events} Vorgangsereignisse; Indizes und Fremdschlüssel`);
    await putBack(trx, BULK_TABLES, aside);
  });
  const skew = await skewCounts(db);
  onStep(`Bauträger mit ${skew.bautraeger} Vorgängen, Verkäufer mit ${skew.seller} Kunden`);
}
