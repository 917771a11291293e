// What bench/dashboard.ts and bench/dashboardPlans.ts share: the seeded database (migrated to this branch, so a
// set seeded before the speed migrations gets their columns and indexes) and the people the issue names:
// victor.verkauf (a seller), lena.leitung's branch (the lead's Filiale view) and the seller with the most Vorgänge.
import { sql } from 'kysely';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readConfig } from '../server/platform/config/env';
import { openDatabase, type Database } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';
import { migrateToLatest } from '../server/platform/db/migrate';
import type { ViewerScope } from '../server/platform/auth/viewerScope';

/** victor.verkauf, lena.leitung and the seller with the most Vorgänge in the demo directory. */
export const VICTOR_OID = '5b0a3c1e-7d1f-4e0a-9a11-0000000a0003';
export const LENA_OID = '5b0a3c1e-7d1f-4e0a-9a11-0000000a0002';

/** One person whose dashboard is measured, with the scope the server resolves for them. */
export interface BenchViewer {
  label: string;
  /** Who signs in (bench/dashboard.ts) and the query string of the dashboard's calls. */
  oid: string;
  groups: string[];
  query: string;
  scope: ViewerScope;
  /** The Vorgänge list filter the figures link to (dashboardFigures' `owner`). */
  owner: { sellerId: number | null; branchIds: number[] };
}

/** The bench database: migrated and analysed, with the viewers found in it. */
export interface BenchDatabase {
  db: Database;
  url: string;
  zone: string;
  viewers: BenchViewer[];
  /** Customers, Vorgänge, activities and the big seller's Vorgänge, for the printed heading. */
  sizes: string;
  close: () => Promise<void>;
}

/** Opens the seeded database of DATA_DIR (embedded) or DATABASE_URL and finds the viewers. */
export async function openBenchDatabase(): Promise<BenchDatabase> {
  const config = readConfig();
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
  const url = config.databaseUrl ?? embedded!.url;
  const db = openDatabase(url, 10);
  const close = async () => {
    await db.destroy();
    await embedded?.stop();
  };
  try {
    await migrateToLatest(db);
    await sql`VACUUM (ANALYZE) activity, vorgang, vorgang_label, customer_label, customer, beleg, app_user`.execute(
      db,
    );
    const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0]!;
    const victor = await one(sql<{ id: number }>`SELECT id FROM app_user WHERE azure_oid = ${VICTOR_OID}`);
    // The lead's Filiale as the server resolves it: the branch of her location group.
    const lena = await one(
      sql<{
        branchId: number;
      }>`SELECT id AS "branchId" FROM branch WHERE location_group = 'APP_STANDORT_S_VILLACH'`,
    );
    // The lead of the branch with the most customers (on `npm run seed`'s set the skewed seller's branch).
    const biggest = await one(sql<{ branchId: number; group: string; name: string; n: number }>`
      SELECT b.id AS "branchId", b.location_group AS group, b.name, count(*)::int AS n
      FROM customer c JOIN branch b ON b.id = c.branch_id GROUP BY b.id ORDER BY n DESC LIMIT 1`);
    const big = await one(sql<{ id: number; oid: string; n: number }>`
      SELECT u.id, u.azure_oid AS oid, count(*)::int AS n FROM vorgang v JOIN app_user u ON u.id = v.seller_user_id
      WHERE u.azure_oid IS NOT NULL GROUP BY u.id ORDER BY n DESC LIMIT 1`);
    const counts = await one(sql<{ customers: number; vorgaenge: number; activities: number }>`
      SELECT (SELECT count(*) FROM customer)::int AS customers, (SELECT count(*) FROM vorgang)::int AS vorgaenge,
             (SELECT count(*) FROM activity)::int AS activities`);
    const de = (n: number) => n.toLocaleString('de-DE');
    const seller = (label: string, oid: string, id: number): BenchViewer => ({
      label,
      oid,
      groups: ['APP_KUNDE'],
      query: '',
      scope: { userIds: [id] },
      owner: { sellerId: id, branchIds: [] },
    });
    return {
      db,
      url,
      zone: config.timeZone,
      viewers: [
        seller('victor.verkauf', VICTOR_OID, victor.id),
        {
          label: 'lena.leitung Filiale',
          oid: LENA_OID,
          groups: ['APP_KUNDE', 'APP_ADMIN_VERKAUF', 'APP_STANDORT_S_VILLACH'],
          query: '?scope=branch',
          scope: { branchIds: [lena.branchId] },
          owner: { sellerId: null, branchIds: [lena.branchId] },
        },
        seller(`größter Verkäufer (${de(big.n)} Vorgänge)`, big.oid, big.id),
        {
          label: `Leitung der größten Filiale (${biggest.name}, ${de(biggest.n)} Kunden)`,
          oid: LENA_OID,
          groups: ['APP_KUNDE', 'APP_ADMIN_VERKAUF', biggest.group],
          query: '?scope=branch',
          scope: { branchIds: [biggest.branchId] },
          owner: { sellerId: null, branchIds: [biggest.branchId] },
        },
      ],
      sizes:
        `${de(counts.customers)} Kunden, ${de(counts.vorgaenge)} Vorgänge, ${de(counts.activities)} Aktivitäten; ` +
        `größter Verkäufer mit ${de(big.n)} Vorgängen`,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Whether the module at `url` is the script node was started with (the benches also export their figures). */
export const isMainModule = (url: string) =>
  process.argv[1] !== undefined && url === pathToFileURL(path.resolve(process.argv[1])).href;
