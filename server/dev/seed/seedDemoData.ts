import { base, de, de_AT, Faker } from '@faker-js/faker';
import { companyToday, timeZoneOf } from '../../../src/config/companyTime';
import { installStarterRecipes } from '../../automation/starterRecipes';
import type { Database } from '../../platform/db/database';
import { buildMappingCache } from '../../articleMapping/buildMappingCache';
import {
  bulkInsert,
  continueIdsAfterMax,
  insertDemoConsents,
  truncateTables,
  vacuumAnalyze,
} from './seedQueries';
import { generateCustomers, type GeneratedChunk } from './generateCustomers';
import { plantDuplicates } from './plantDuplicates';
import type { SeedContext } from './seedContext';
import { seedBulk } from './seedBulk';
import { seedMasterData } from './seedMasterData';
import { renumberBoard } from '../../vorgaenge/boardMoveQueries';

export interface SeedOptions {
  tenant: 'strussnig' | 'rekord';
  customers?: number;
  /** Fixed seed: the same options give the same data (dates relative to the day of seeding). */
  seed?: number;
  onProgress?: (done: number, total: number) => void;
  /** The demo's starter automations, switched on (`npm start`, `npm run seed`); tests leave them out. */
  starterRecipes?: boolean;
  /**
   * Years of history and a group's skew (npm run seed), written set-based in the database (seedBulk.ts): about
   * 10 activities and 5 Änderungsverlauf records a customer, one Bauträger with 2 % of the customers' count in
   * Vorgänge, one seller with 5 % of the customers. Off for the demo and the tests, whose screens count the
   * generator's rows.
   */
  history?: boolean;
  /** Says what a long step is doing (npm run seed). */
  onStep?: (step: string) => void;
}

const CHUNK = 1000;

const TABLES_IN_DELETE_ORDER = [
  // The history of the customers that go (no foreign key holds it; a second seed would pile it up).
  'change_record',
  'vorgang_event',
  'analytics_event',
  'etl_sync_log',
  'etl_sync_run',
  'sent_mail',
  'download_item',
  'stored_file',
  'global_settings',
  'simplified_offer_config',
  'text_template_user',
  'text_template_group',
  'text_template',
  'sales_curve_month',
  'sales_target',
  'nps_survey',
  'nps_answer',
  'personal_note',
  'timeline_note',
  'activity',
  'beleg_note',
  'beleg_position',
  'beleg',
  'vorgang_status_change',
  'vorgang_label',
  'vorgang',
  'end_customer',
  'customer_label',
  'customer',
  'article_mapping_cache_job',
  'article_mapping_cache',
  'article_mapping_alias',
  'article_mapping',
  'article_alias',
  'article',
  'goods_group',
  'product_group',
  'custom_status',
  'stammdaten',
  'reason_option_label',
  'reason_option',
  'label',
  'app_user',
  'branch',
];

/** Empties every business table (not the migrations), so a seed starts from nothing. */
export async function clearBusinessData(db: Database): Promise<void> {
  await truncateTables(db, TABLES_IN_DELETE_ORDER);
}

/** Writes one generated chunk, table after table in the order of their references. */
async function insertChunk(db: Database, chunk: GeneratedChunk): Promise<void> {
  await bulkInsert(db, 'customer', chunk.customers);
  await bulkInsert(db, 'customer_label', chunk.customerLabels);
  await bulkInsert(db, 'vorgang', chunk.vorgaenge);
  await bulkInsert(db, 'vorgang_label', chunk.vorgangLabels);
  await bulkInsert(db, 'beleg', chunk.belege);
  await bulkInsert(db, 'beleg_position', chunk.positions);
  await bulkInsert(db, 'activity', chunk.activities);
  await bulkInsert(db, 'nps_answer', chunk.npsAnswers);
  await bulkInsert(db, 'timeline_note', chunk.notes);
}

/** The company's today as a local midnight (date-fns arithmetic on days), with the zone for instants. */
function companyDayContext(zone: string, now = new Date()) {
  const [y, m, d] = companyToday(zone, now).split('-').map(Number);
  return { zone, now, today: new Date(y!, m! - 1, d!) };
}

/** Generates a window company's data: master data, then customers with everything that hangs on them. */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<void> {
  const faker = new Faker({ locale: options.tenant === 'rekord' ? [de, base] : [de_AT, de, base] });
  faker.seed(options.seed ?? 20260921);
  const total = options.customers ?? 2000;
  const master = await seedMasterData(db, faker, options.tenant);
  const ctx: SeedContext = {
    ...master,
    faker,
    // The company's day (tenant's zone), not the machine's: no seeded row may lie after the day the app calls today.
    ...companyDayContext(timeZoneOf(options.tenant)),
    next: { customer: 1, vorgang: 1, beleg: 1, belegNumber: 1, boardPlace: new Map() },
  };
  if (options.history) {
    // npm run seed: written set-based in the database (a million customers in minutes, not hours).
    await seedBulk(db, ctx, total, options.onStep);
  } else {
    await seedGenerated(db, ctx, total, options.onProgress);
  }
  // Known duplicates for the list of duplicates to find (and its precision to be measured against).
  await plantDuplicates(db, total);
  await recordDemoConsents(db, ctx.zone);
  if (options.starterRecipes) await installStarterRecipes(db, true);
  options.onProgress?.(total, total);
  // Ids were given explicitly; new rows must continue after them.
  for (const table of ['customer', 'vorgang', 'beleg']) await continueIdsAfterMax(db, table);
  // The statistics read the mapping cache: the demo starts with it built, as after a night's run.
  let articles = 0;
  await buildMappingCache(db, async (_done, total) => {
    articles = total ?? articles;
  });
  await db
    .insertInto('article_mapping_cache_job')
    .values((eb) => ({
      state: 'fertig',
      processed: articles,
      total: articles,
      started_by: 'Demodaten',
      finished_at: eb.fn<Date>('now'),
    }))
    .execute();
  // Each board column's cards BOARD_GAP apart, as every move keeps them (the generator already numbers them so).
  await renumberBoard(db);
  // Statistics and visibility maps now, not from autovacuum in the first minutes of use (index-only scans,
  // and a bench right after the seed does not measure a database busy vacuuming).
  await vacuumAnalyze(db);
}

/**
 * The generated customers with the consent tick get their consent record (given on the company day they became
 * customers, in one of the ways a person records); the record, not the tick, lets Werbung reach them.
 */
async function recordDemoConsents(db: Database, zone: string): Promise<void> {
  await insertDemoConsents(db, zone);
}

/**
 * The demo's rows drawn by faker in the client. Each chunk's rows refer only to master data and to its own rows,
 * so a chunk is written while the next is generated and written beside it: the database's second core works too.
 */
async function seedGenerated(
  db: Database,
  ctx: SeedContext,
  total: number,
  onProgress: SeedOptions['onProgress'],
): Promise<void> {
  let writing: Promise<void> = Promise.resolve();
  for (let done = 0; done < total; done += CHUNK) {
    const chunk = generateCustomers(ctx, Math.min(CHUNK, total - done));
    const previous = writing;
    writing = insertChunk(db, chunk);
    try {
      await previous;
    } catch (error) {
      await writing.catch(() => undefined); // the chunk beside it must not fail unheard
      throw error;
    }
    if (done > 0) onProgress?.(done, total);
  }
  await writing;
}

/** On first start with an empty database, fills it with the demo company. */
export async function seedDemoDataIfEmpty(db: Database, options: SeedOptions): Promise<boolean> {
  const branch = await db.selectFrom('branch').select('id').limit(1).executeTakeFirst();
  if (branch) return false;
  await seedDemoData(db, options);
  return true;
}
