// Usage: with a running or seeded database (DATABASE_URL, or DATA_DIR of a stopped server):
// `npx tsx bench/npsStatistics.ts [answers]` — adds that many synthetic NPS answers (default 200.000) inside
// a transaction, times the NPS list page, its count and nps/statisticsv2 (the same SQL the API runs), then
// rolls back: the database is left as it was. Median and worst of 10 runs after 2 warm-ups.
import { sql } from 'kysely';
import { companyToday } from '../src/config/companyTime';
import type { NpsFilterValues } from '../src/resources/nps/nps.endpoints';
import { periodRange } from '../src/resources/nps/npsPeriod.rules';
import { countNpsAnswers, listNpsAnswers } from '../server/nps/npsQueries';
import { npsStatistics } from '../server/nps/npsStatisticsQueries';
import { readConfig } from '../server/platform/config/env';
import type { Database } from '../server/platform/db/database';
import { openDatabase } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';

const ZONE = 'Europe/Vienna';
const RUNS = 10;
const wanted = Number(process.argv[2] ?? 200_000);

const config = readConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
const db = openDatabase(config.databaseUrl ?? embedded!.url);

async function time(name: string, run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const started = performance.now();
    await run();
    if (i >= 2) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(58)} Median ${times[Math.floor(times.length / 2)]!.toFixed(1).padStart(7)} ms  max ${times.at(-1)!.toFixed(1).padStart(7)} ms`,
  );
}

class Rollback extends Error {}
try {
  await db
    .transaction()
    .execute(async (trx) => {
      const t = trx as Database;
      // Answers spread over 3 years, over the existing customers, their branches and Betreuer.
      await sql`
        INSERT INTO nps_answer (customer_id, score, comment, channel, answered_at, branch_id, seller_user_id)
        SELECT c.id, (random() * 10)::int, CASE WHEN random() < 0.3 THEN 'Kommentar ' || g END, 'email',
          now() - random() * interval '3 years', c.branch_id, c.owner_user_id
        FROM generate_series(1, ${wanted}) g
        JOIN LATERAL (SELECT id, branch_id, owner_user_id FROM customer
                      OFFSET floor(random() * (SELECT count(*) FROM customer)) LIMIT 1) c ON true`.execute(t);
      await sql`ANALYZE nps_answer`.execute(t);
      const total = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM nps_answer`.execute(t)).rows[0]!
        .n;
      console.log(`${total.toLocaleString('de-DE')} NPS-Antworten`);
      const last12 = periodRange('last12', companyToday(ZONE));
      const branch = (await sql<{ id: number }>`SELECT id FROM branch LIMIT 1`.execute(t)).rows[0]?.id;
      const cases: [string, NpsFilterValues][] = [
        ['letzte 12 Monate', last12],
        ['gesamter Zeitraum', {}],
        [
          'letzte 12 Monate, eine Filiale, nur Kritiker',
          { ...last12, branchId: branch, category: 'kritiker' },
        ],
      ];
      for (const [name, filter] of cases) {
        await time(`Liste Seite 1 (25, neueste zuerst): ${name}`, () =>
          listNpsAnswers(t, ZONE, filter, {}, 1, 25),
        );
        await time(`Liste Seite 200 nach Kunde: ${name}`, () =>
          listNpsAnswers(t, ZONE, filter, { sort: 'customerName', order: 'ASC' }, 200, 25),
        );
        await time(`nps/count: ${name}`, () => countNpsAnswers(t, ZONE, filter));
        await time(`nps/statisticsv2: ${name}`, () => npsStatistics(t, ZONE, filter));
      }
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
} finally {
  await db.destroy();
  await embedded?.stop();
}
