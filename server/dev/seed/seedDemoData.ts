import { base, de, de_AT, Faker } from '@faker-js/faker';
import { sql } from 'kysely';
import { companyToday, timeZoneOf } from '../../../src/config/companyTime';
import type { Database } from '../../platform/db/database';
import { buildMappingCache } from '../../articleMapping/buildMappingCache';
import { bulkInsert } from './bulkInsert';
import { generateCustomers, type GeneratedChunk } from './generateCustomers';
import { plantDuplicates } from './plantDuplicates';
import type { SeedContext } from './seedContext';
import { seedMasterData } from './seedMasterData';
import { renumberBoard } from '../../vorgaenge/boardMove';

export interface SeedOptions {
  tenant: 'strussnig' | 'rekord';
  customers?: number;
  /** Fixed seed: the same options give the same data (dates relative to the day of seeding). */
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}

const CHUNK = 1000;

const TABLES_IN_DELETE_ORDER = [
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
  await sql`TRUNCATE ${sql.join(TABLES_IN_DELETE_ORDER.map((t) => sql.table(t)))} RESTART IDENTITY CASCADE`.execute(
    db,
  );
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
  // Each chunk's rows refer only to master data and to its own rows, so a chunk is written while the next is
  // generated and written beside it: the database's second core works too (a 100,000-customer seed).
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
    if (done > 0) options.onProgress?.(done, total);
  }
  await writing;
  // Known duplicates for the list of duplicates to find (and its precision to be measured against).
  await plantDuplicates(db, total);
  await recordDemoConsents(db, ctx.zone);
  options.onProgress?.(total, total);
  // Ids were given explicitly; new rows must continue after them.
  for (const table of ['customer', 'vorgang', 'beleg']) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${sql.table(table)}), false)`.execute(
      db,
    );
  }
  // The statistics read the mapping cache: the demo starts with it built, as after a night's run.
  let articles = 0;
  await buildMappingCache(db, async (_done, total) => {
    articles = total ?? articles;
  });
  await sql`INSERT INTO article_mapping_cache_job (state, processed, total, started_by, finished_at)
            VALUES ('fertig', ${articles}, ${articles}, 'Demodaten', now())`.execute(db);
  // Each board column's cards BOARD_GAP apart, as every move keeps them (the generator already numbers them so).
  await renumberBoard(db);
  // Statistics and visibility maps now, not from autovacuum in the first minutes of use (index-only scans,
  // and a bench right after the seed does not measure a database busy vacuuming).
  await sql`VACUUM (ANALYZE)`.execute(db);
}

/**
 * The generated customers with the consent tick get their consent record (given on the company day they became
 * customers, in one of the ways a person records); the record, not the tick, lets Werbung reach them.
 */
async function recordDemoConsents(db: Database, zone: string): Promise<void> {
  await sql`INSERT INTO customer_consent (customer_id, granted, source, given_on, recorded_at, recorded_by_name)
    SELECT id, true, (ARRAY['schriftlich', 'webformular', 'email', 'muendlich'])[1 + id % 4],
      (created_at AT TIME ZONE ${zone})::date,
      created_at, 'Demodaten'
    FROM customer WHERE newsletter_consent ORDER BY id`.execute(db);
}

/** On first start with an empty database, fills it with the demo company. */
export async function seedDemoDataIfEmpty(db: Database, options: SeedOptions): Promise<boolean> {
  const result = await sql<{ n: number }>`SELECT count(*)::int AS n FROM branch`.execute(db);
  if ((result.rows[0]?.n ?? 0) > 0) return false;
  await seedDemoData(db, options);
  return true;
}
