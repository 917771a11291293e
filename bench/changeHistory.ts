// Usage: `npx tsx bench/changeHistory.ts [--customers 2000] [--port 5571]` — what the Änderungsverlauf costs.
// On a fresh embedded database of its own (a temporary folder, seeded with `--customers`), through the
// real API in this process (app.inject, the same plugins and routes as production):
// 1. p50 of a customer update (kunde/updateCustomerField, the phone in place) and of a Kanban move
//    (vorgang/setCustomStatusForVorgang to the next column), each with recording and without it, alternating call
//    by call so the machine's load hits both alike. "Without" is `setRecordingForBench(false)`, a switch only this
//    process flips (no configuration or request reaches it). Target: ≤ 10 % more with recording.
// 2. Growth of change_record per 100,000 changes: 100,000 rows shaped like the ones just recorded (the same
//    changes JSON, one of each kind in turn) are inserted and pg_total_relation_size (table, TOAST and its six
//    indexes) is read before and after.
import { sql } from 'kysely';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { boardCards, type BoardCard } from './boardCards';
import { buildBenchApp, freshBenchDatabase } from './inProcessApp';
import { setRecordingForBench } from '../server/platform/changes/recordChange';

const { values: args } = parseArgs({
  options: { customers: { type: 'string', default: '2000' }, port: { type: 'string', default: '5571' } },
});
const ROUNDS = 16;
const PER_ROUND = 25;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const bench = await freshBenchDatabase('change-history', Number(args.port), Number(args.customers));
const { db } = bench;
try {
  const { app, signToken } = await buildBenchApp(db, bench.dir);
  const token = await signToken(['APP_KUNDE'], {
    name: 'Bench Person',
  });
  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/${url}`,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json().result as Record<string, unknown>;
  };

  const customers = (
    await sql<{ id: number; version: number }>`
    SELECT id, version FROM customer ORDER BY id LIMIT ${PER_ROUND}`.execute(db)
  ).rows;
  const { cards, nextColumn } = await boardCards(db, PER_ROUND);
  let n = 0;
  const updateCustomer = async (row: { id: number; version: number }) => {
    const saved = await post('kunde/updateCustomerField', {
      id: row.id,
      version: row.version,
      field: 'phone',
      value: `0664 ${String(1_000_000 + n++)}`,
    });
    row.version = saved.version as number;
  };
  const moveCard = async (row: BoardCard) => {
    const next = nextColumn(row);
    const moved = await post('vorgang/setCustomStatusForVorgang', {
      vorgangId: row.id,
      version: row.version,
      customStatusId: next,
    });
    row.version = moved.version as number;
    row.status = next;
  };

  const times = {
    customer: { on: [] as number[], off: [] as number[] },
    move: { on: [] as number[], off: [] as number[] },
  };
  const measure = async <R>(rows: R[], act: (row: R) => Promise<void>, into: number[]) => {
    for (const row of rows) {
      const started = performance.now();
      await act(row);
      into.push(performance.now() - started);
    }
  };
  const loadBefore = load();
  // Warm-up: plans, pools, JIT.
  setRecordingForBench(true);
  await measure(customers, updateCustomer, []);
  await measure(cards, moveCard, []);
  // Each row is changed once with and once without recording, one right after the other (in turn which
  // first): on a shared machine the load changes within seconds, so both sides of a pair see the same load.
  const paired = async <R>(
    rows: R[],
    act: (row: R) => Promise<void>,
    into: { on: number[]; off: number[] },
  ) => {
    for (const [i, row] of rows.entries()) {
      for (const on of i % 2 ? [false, true] : [true, false]) {
        setRecordingForBench(on);
        await measure([row], act, into[on ? 'on' : 'off']);
      }
    }
  };
  for (let round = 0; round < ROUNDS; round++) {
    await paired(customers, updateCustomer, times.customer);
    await paired(cards, moveCard, times.move);
  }
  setRecordingForBench(true);
  console.log(`Last (1/5/15 min) vor dem Messen ${loadBefore}, danach ${load()}`);
  const p50 = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  for (const [name, t] of Object.entries({
    'Kunde ändern (Telefon)': times.customer,
    'Kanban-Verschiebung': times.move,
  })) {
    const on = p50(t.on);
    const off = p50(t.off);
    console.log(
      `${name.padEnd(24)} p50 mit Verlauf ${on.toFixed(2).padStart(6)} ms, ohne ${off.toFixed(2).padStart(6)} ms: ` +
        `${(((on - off) / off) * 100).toFixed(1)} % (${t.on.length} + ${t.off.length} Aufrufe)`,
    );
  }

  const size = async () =>
    Number(
      (await sql<{ bytes: string }>`SELECT pg_total_relation_size('change_record') AS bytes`.execute(db))
        .rows[0]!.bytes,
    );
  const recorded = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM change_record`.execute(db))
    .rows[0]!.n;
  const before = await size();
  await sql`
    INSERT INTO change_record (at, actor_oid, actor_name, area, record_id, action, changes, customer_id, vorgang_id)
    SELECT now() - (g || ' seconds')::interval, r.actor_oid, r.actor_name, r.area, r.record_id + g, r.action, r.changes,
      r.customer_id, r.vorgang_id
    FROM generate_series(1, 100000) g
    JOIN LATERAL (SELECT * FROM change_record ORDER BY id OFFSET (g % ${recorded}) LIMIT 1) r ON true`.execute(
    db,
  );
  await sql`VACUUM ANALYZE change_record`.execute(db);
  const grown = (await size()) - before;
  console.log(
    `change_record: ${(grown / 1024 / 1024).toFixed(1)} MB je 100.000 Änderungen (${(grown / 100_000).toFixed(0)} Byte je Zeile mit Indizes)`,
  );
  await app.close();
} finally {
  await bench.stop();
}
