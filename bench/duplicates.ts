// Usage: `npx tsx bench/duplicates.ts [--customers 100000] [--port 5551]` — the list of likely duplicates.
// On a fresh embedded database of its own (a temporary folder, seeded with `--customers`; the seed plants
// known duplicates, one per 50 customers and at most 40, marked in the copy's custom fields):
// 1. Time to compute: the background job (`computeDuplicates`) once on the fresh set (every customer's keys,
//    then the pairs) and once more with nothing changed (only the pairs anew).
// 2. Time to open the list: p50 of `duplicates/getDuplicates` page 1 by score, page 1 by name and page 4, through
//    the real API in this process (app.inject). Budget: 300 ms.
// 3. Precision: planted pairs found / planted, and the pairs among the top 100 that were not planted.
import { sql } from 'kysely';
import { parseArgs } from 'node:util';
import { buildBenchApp, freshBenchDatabase } from './inProcessApp';
import { PLANTED_DUPLICATE_OF } from '../server/dev/seed/plantDuplicates';
import { refreshDuplicates } from '../server/duplicates/computeDuplicates';

const { values: args } = parseArgs({
  options: { customers: { type: 'string', default: '100000' }, port: { type: 'string', default: '5551' } },
});
const RUNS = 15;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

const bench = await freshBenchDatabase('duplicates', Number(args.port), Number(args.customers));
const { db } = bench;
try {
  let started = performance.now();
  const pairs = await refreshDuplicates(db);
  const firstRun = performance.now() - started;
  started = performance.now();
  await refreshDuplicates(db);
  const secondRun = performance.now() - started;
  await sql`ANALYZE duplicate_pair`.execute(db);

  const { app, signToken } = await buildBenchApp(db, bench.dir);
  const token = await signToken(['APP_ADMIN_VERKAUF'], {
    name: 'Bench Leitung',
  });
  const open = async (query: string) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: `/api/duplicates/getDuplicates?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
      times.push(performance.now() - start);
      if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body}`);
    }
    return median(times);
  };
  const byScore = await open('page=1&perPage=25');
  const byName = await open('page=1&perPage=25&sort=name');
  const fourth = await open('page=4&perPage=25');
  await app.close();

  // Planted pairs: each copy names its original's customer number.
  const { rows: planted } = await sql<{ a: number; b: number; names: string }>`
    SELECT least(o.id, c.id) AS a, greatest(o.id, c.id) AS b, o.display_name || ' / ' || c.display_name AS names
    FROM customer c JOIN customer o ON o.customer_number = c.custom_fields ->> ${PLANTED_DUPLICATE_OF}`.execute(
    db,
  );
  const plantedKeys = new Set(planted.map((p) => `${p.a}-${p.b}`));
  const { rows: found } = await sql<{ a: number; b: number }>`
    SELECT customer_id AS a, other_id AS b FROM duplicate_pair`.execute(db);
  const foundKeys = new Set(found.map((p) => `${p.a}-${p.b}`));
  const { rows: top } = await sql<{ a: number; b: number; names: string; reasons: string[] }>`
    SELECT p.customer_id AS a, p.other_id AS b, x.display_name || ' / ' || y.display_name AS names, p.reasons
    FROM duplicate_pair p JOIN customer x ON x.id = p.customer_id JOIN customer y ON y.id = p.other_id
    ORDER BY p.score DESC, p.customer_id, p.other_id LIMIT 100`.execute(db);
  const falsePositives = top.filter((p) => !plantedKeys.has(`${p.a}-${p.b}`));

  console.log(`\nDubletten auf ${Number(args.customers).toLocaleString('de-DE')} Kunden`);
  console.log(`  Berechnung (Hintergrundjob), erster Lauf:        ${ms(firstRun)} (${pairs} Paare)`);
  console.log(`  Berechnung, zweiter Lauf ohne Änderungen:       ${ms(secondRun)}`);
  console.log(`  Liste öffnen (p50 von ${RUNS}), nach Übereinstimmung: ${ms(byScore)} (Budget 300 ms)`);
  console.log(`  Liste öffnen (p50), nach Name:                   ${ms(byName)}`);
  console.log(`  Liste öffnen (p50), Seite 4:                     ${ms(fourth)}`);
  console.log(
    `  Gefunden / gepflanzt: ${planted.filter((p) => foundKeys.has(`${p.a}-${p.b}`)).length} / ${planted.length}`,
  );
  for (const pair of planted.filter((p) => !foundKeys.has(`${p.a}-${p.b}`))) {
    console.log(`    nicht gefunden: ${pair.names}`);
  }
  console.log(`  Nicht gepflanzte Paare unter den ersten 100: ${falsePositives.length}`);
  for (const pair of falsePositives.slice(0, 10))
    console.log(`    ${pair.names}: ${pair.reasons.join(', ')}`);
} finally {
  await bench.stop();
}
