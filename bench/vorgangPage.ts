// Usage: with a seeded DATA_DIR (or DATABASE_URL) and no server on it: `npx tsx bench/vorgangPage.ts` — the
// median and 95th percentile of what the Vorgang page asks for (the detail read, the Plan-DB) and of a
// move on the board (vorgang/setCustomStatusForVorgang: one transaction, a place between the neighbours),
// on the largest column, using the same functions the routes call. Moves are undone at the end.
import { sql } from 'kysely';
import { readConfig } from '../server/platform/config/env';
import { openDatabase } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';
import { migrateToLatest } from '../server/platform/db/migrate';
import { moveOnBoard } from '../server/vorgaenge/boardMove';
import { planDbOfVorgang } from '../server/vorgaenge/planDbQueries';
import { vorgangDetail } from '../server/vorgaenge/vorgangQueries';

const RUNS = 40;
const caller = { oid: 'bench', tid: 'bench', name: 'Benchmark', username: 'bench', groups: [] };
const config = readConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
const db = openDatabase(config.databaseUrl ?? embedded!.url);

async function measure(name: string, run: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    times[Math.min(times.length - 1, Math.floor(times.length * share))]!.toFixed(1);
  console.log(`${name.padEnd(58)} Median ${at(0.5)} ms, p95 ${at(0.95)} ms`);
}

try {
  await migrateToLatest(db);
  const { rows: counts } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM vorgang`.execute(db);
  const { rows: columns } = await sql<{ id: number; n: number }>`
    SELECT custom_status_id AS id, count(*)::int AS n FROM vorgang WHERE custom_status_id IS NOT NULL
    GROUP BY 1 ORDER BY 2 DESC LIMIT 2`.execute(db);
  const [big, other] = columns;
  console.log(
    `${counts[0]!.n.toLocaleString('de-DE')} Vorgänge, größte Spalte ${big!.n.toLocaleString('de-DE')} Karten`,
  );
  const { rows: samples } = await sql<{ id: number }>`
    SELECT v.id FROM vorgang v WHERE EXISTS (SELECT 1 FROM beleg b WHERE b.vorgang_id = v.id AND b.beleg_type = 'angebot')
    ORDER BY v.id DESC LIMIT ${RUNS}`.execute(db);
  const sample = (i: number) => samples[i % samples.length]!.id;
  await measure('Vorgang lesen (vorgang/getVorgang)', (i) => vorgangDetail(db, sample(i)));
  await measure('Plan-DB (vorgang/caluclatePlanDBForVorgang)', (i) => planDbOfVorgang(db, sample(i)));
  // A card of the second column moved to the top of the largest one and back to the end of its own.
  const { rows: cards } = await sql<{ id: number }>`
    SELECT id FROM vorgang WHERE custom_status_id = ${other!.id} ORDER BY board_position LIMIT 1`.execute(db);
  const card = cards[0]!.id;
  const top = async () =>
    (
      await sql<{ id: number }>`SELECT id FROM vorgang WHERE custom_status_id = ${big!.id} AND id <> ${card}
        AND system_status IN ('anfrage', 'angebot', 'auftrag') ORDER BY board_position, id LIMIT 1`.execute(
        db,
      )
    ).rows[0]!.id;
  const version = async () =>
    (await sql<{ v: number }>`SELECT version AS v FROM vorgang WHERE id = ${card}`.execute(db)).rows[0]!.v;
  await measure(`Karte verschieben, an den Anfang der größten Spalte und zurück`, async (i) =>
    moveOnBoard(
      db,
      {
        vorgangId: card,
        customStatusId: i % 2 ? other!.id : big!.id,
        version: await version(),
        beforeVorgangId: i % 2 ? null : await top(),
      },
      caller,
    ),
  );
} finally {
  await db.destroy();
  await embedded?.stop();
}
