// List API against the bare SQL it runs: per case, the p50/p95 of the HTTP call (kunde/allCustomers,
// vorgang/getAllVorgangs) on a running server, and of the very SQL statements that call sends (captured once
// from Kysely's query log, with their parameters) timed directly with `pg`, in turns with the HTTP call. The
// statements run one after another on one connection, where the route sends the reference look-ups of a
// customer page side by side: the bare side is, if anything, the slower.
// Budget: API p50 ≤ 1.5× SQL p50.
// Usage: `npx tsx bench/listApi.ts` runs it inside `npm run bench`'s server (see bench/run.ts); in code
// `runListApi(server)`.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
// Its type parsers are what the product's queries expect.
import '../server/platform/db/database';
import { listRecords } from '../server/platform/entities/entityRepository';
import { includedReferences } from '../server/platform/entities/includedReferences';
import { loadEntities } from '../server/platform/entities/loadEntities';
import { parseListParams } from '../server/platform/entities/listQuery';
import type { DB } from '../server/platform/db/schema';
import { listVorgaenge } from '../server/vorgaenge/vorgangListQueries';
import type { BenchFigure } from './figures';
import { summarise } from './figures';
import { isMain, printFigures } from './printFigures';

const RUNS = 30;
const WARM_UPS = 3;
const LEAD_OID = '5b0a3c1e-7d1f-4e0a-9a11-0000000a0002';

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}
interface ListCase {
  name: string;
  /** The API path with its query string. */
  url: string;
  /** Runs the route's query function on `db` (whose log captures the SQL). */
  run: (db: Kysely<DB>) => Promise<unknown>;
}

const percentile = (samples: number[], share: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)]!;
};

/**
 * Times each run WARM_UPS + RUNS times, the runs in turns (API, SQL, API, SQL ...), so that a change in the
 * machine's load hits every sample set alike. Timed one block after the other, the searches' ratios moved by
 * 0.3–0.4 between two runs of the same code. One array of times per run, warm-ups left out.
 */
async function timedInTurns(...runs: (() => Promise<unknown>)[]): Promise<number[][]> {
  const times = runs.map((): number[] => []);
  for (let i = 0; i < WARM_UPS + RUNS; i++) {
    for (const [slot, run] of runs.entries()) {
      const started = performance.now();
      await run();
      if (i >= WARM_UPS) times[slot]!.push(performance.now() - started);
    }
  }
  return times;
}

async function casesOf(pool: pg.Pool, zone: string): Promise<ListCase[]> {
  const entities = await loadEntities();
  const kunden = entities.find((e) => e.name === 'kunden')!;
  const entityNamed = (name: string) => entities.find((e) => e.name === name);
  const { rows } = await pool.query<{ id: number }>('SELECT id FROM branch ORDER BY id LIMIT 1');
  const branchId = rows[0]!.id;
  const customerCase = (name: string, filter: Record<string, unknown>): ListCase => {
    const query = {
      page: '1',
      perPage: '25',
      sort: 'displayName',
      order: 'ASC',
      filter: JSON.stringify(filter),
    };
    return {
      name: `Kunden-Liste ${name}`,
      url: `/api/kunde/allCustomers?${new URLSearchParams(query)}`,
      // The page and its total, then the names its rows refer to (the route's `included`; the lead may read all).
      run: async (db) => {
        const page = await listRecords(db, kunden, {
          ...parseListParams(kunden, { ...query, page: 1, perPage: 25 }, LEAD_OID),
          timeZone: zone,
        });
        return includedReferences(db, kunden, page.data, entityNamed, () => true);
      },
    };
  };
  const vorgangCase = (name: string, filter: Record<string, string | number>): ListCase => ({
    name: `Vorgänge-Liste ${name}`,
    url: `/api/vorgang/getAllVorgangs?${new URLSearchParams({ ...filter, page: '1', perPage: '25' } as Record<string, string>)}`,
    run: (db) => listVorgaenge(db, { ...filter, page: 1, perPage: 25 }, { callerOid: LEAD_OID, zone }),
  });
  return [
    customerCase('ohne Filter', {}),
    customerCase('Suche "mai"', { q: 'mai' }),
    customerCase('Filter Filiale', { branchId }),
    vorgangCase('ohne Filter', {}),
    vorgangCase('Suche "gruber"', { q: 'gruber' }),
    vorgangCase('Filter Status Angebot', { status: 'angebot' }),
  ];
}

/** The list API's p50/p95 per case and its ratio to the bare SQL it runs. */
export async function runListApi(server: {
  baseUrl: string;
  databaseUrl: string;
  token: string;
  zone: string;
}): Promise<BenchFigure[]> {
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  let captured: Captured[] = [];
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query')
        captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const figures: BenchFigure[] = [];
  const call = async (url: string) => {
    const response = await fetch(`${server.baseUrl}${url}`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  try {
    // What every signed-in call costs without any SQL (HTTP, token check, groups, envelope): it explains
    // the ratio of the fast lists, whose SQL takes only a few milliseconds.
    const [base] = await timedInTurns(() => call('/api/user/myGroups'));
    figures.push({
      name: 'Angemeldeter Aufruf ohne SQL (user/myGroups): p50',
      unit: 'ms',
      ...summarise(base),
      median: percentile(base, 0.5),
      note: `p95 ${percentile(base, 0.95).toFixed(1)} ms; Grundlast jeder Listen-API`,
    });
    for (const listCase of await casesOf(pool, server.zone)) {
      captured = [];
      await listCase.run(db);
      const statements = captured;
      // The statements one after another on one connection, as the route sends them.
      const client = await pool.connect();
      const [api, bare] = await timedInTurns(
        () => call(listCase.url),
        async () => {
          for (const statement of statements)
            await client.query(statement.sql, statement.parameters as unknown[]);
        },
      ).finally(() => client.release());
      const p50Api = percentile(api, 0.5);
      const p50Sql = percentile(bare, 0.5);
      const note = `p50 ${p50Api.toFixed(1)} ms / p95 ${percentile(api, 0.95).toFixed(1)} ms (API) gegen p50 ${p50Sql.toFixed(1)} ms / p95 ${percentile(bare, 0.95).toFixed(1)} ms (${statements.length} SQL-Anweisung(en) direkt)`;
      figures.push({
        name: `${listCase.name}: API p50`,
        unit: 'ms',
        ...summarise(api),
        median: p50Api,
        note: `p95 ${percentile(api, 0.95).toFixed(1)} ms`,
      });
      const ratio = p50Api / p50Sql;
      figures.push({
        name: `${listCase.name}: API ÷ SQL (p50)`,
        unit: 'x',
        median: ratio,
        min: percentile(api, 0.05) / percentile(bare, 0.95),
        max: percentile(api, 0.95) / percentile(bare, 0.05),
        runs: RUNS,
        budget: '≤ 1,5×',
        verdict: ratio <= 1.5 ? 'ok' : 'over',
        note,
      });
    }
  } finally {
    await db.destroy();
  }
  return figures;
}

if (isMain(import.meta.url)) {
  const baseUrl = process.argv[2] ?? 'http://localhost:3000';
  const { benchServerFromEnv } = await import('./benchServer');
  const server = await benchServerFromEnv(baseUrl);
  printFigures(await runListApi(server));
}
