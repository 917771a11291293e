// Usage: `npx tsx bench/bulkLabels.ts [--customers 10000] [--port 5561]` — a bulk label change on every
// customer, and what a colleague's single edit meanwhile waits.
// On a fresh embedded database of its own (a temporary folder, seeded with `--customers`), through the real API
// in this process (app.inject, the same plugins and routes as production, the area's own background worker):
// 1. p50/p95 of a single edit (kunde/updateCustomerField, the phone in place) on a quiet server;
// 2. one bulk action "Label hinzufügen" on "alle Treffer" (no filter: every customer): time to the answer of
//    bulkAction/start (the selection resolved on the server) and to the job's end;
// 3. while the job runs, the same single edits again, one after another, on customers spread over the table
//    (some the job has not reached yet: those it then refuses as changed): p50/p95/max. The database is not
//    locked for others when these stay near the quiet figures (each item is its own short transaction).
import { sql } from 'kysely';
import { parseArgs } from 'node:util';
import { buildBenchApp, freshBenchDatabase } from './inProcessApp';

const { values: args } = parseArgs({
  options: { customers: { type: 'string', default: '10000' }, port: { type: 'string', default: '5561' } },
});

const bench = await freshBenchDatabase('bulk-labels', Number(args.port), Number(args.customers));
const { db } = bench;
try {
  const { app, signToken } = await buildBenchApp(db, bench.dir);
  // More than 100 records at once: only the sales lead and the administration may start it.
  const token = await signToken(['APP_KUNDE', 'APP_ADMIN_VERKAUF'], {
    name: 'Bench Person',
    // The job on 10,000 customers may outlast a token's usual ten minutes on a busy machine.
    exp: Math.floor(Date.now() / 1000) + 3 * 3600,
  });
  const call = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
    const response = await app.inject({
      method,
      url: `/api/${url}`,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json().result as Record<string, unknown>;
  };

  const customers = (
    await sql<{ id: number; version: number }>`
    SELECT id, version FROM customer ORDER BY random() LIMIT 400`.execute(db)
  ).rows;
  let n = 0;
  const edit = async (row: { id: number; version: number }) => {
    // As a colleague opening the customer: the version as it is now (the job may have moved it on).
    row.version = (
      await sql<{ version: number }>`SELECT version FROM customer WHERE id = ${row.id}`.execute(db)
    ).rows[0]!.version;
    const started = performance.now();
    const saved = await call('POST', 'kunde/updateCustomerField', {
      id: row.id,
      version: row.version,
      field: 'phone',
      value: `0664 ${String(1_000_000 + n++)}`,
    });
    row.version = saved.version as number;
    return performance.now() - started;
  };
  const percentile = (list: number[], share: number) =>
    [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * share))]!;
  const show = (name: string, list: number[]) =>
    console.log(
      `${name.padEnd(34)} p50 ${percentile(list, 0.5).toFixed(1).padStart(6)} ms, p95 ${percentile(list, 0.95)
        .toFixed(1)
        .padStart(6)} ms, max ${Math.max(...list)
        .toFixed(1)
        .padStart(6)} ms (${list.length} Aufrufe)`,
    );

  for (const row of customers.slice(0, 20)) await edit(row); // warm-up: plans, pools, JIT
  const quiet: number[] = [];
  for (const row of customers.slice(0, 100)) quiet.push(await edit(row));

  const label = (
    await sql<{ id: number }>`INSERT INTO label (name, for_customer, active, due_after_days)
      VALUES ('Bench Sammelaktion', true, true, 14) RETURNING id`.execute(db)
  ).rows[0]!.id;
  const total = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM customer`.execute(db)).rows[0]!.n;
  const started = performance.now();
  const job = await call('POST', 'bulkAction/start', {
    target: 'kunden',
    action: { kind: 'labelHinzu', labelId: label },
    selection: { filter: {} },
  });
  const answered = performance.now() - started;
  const during: number[] = [];
  let state = job;
  let next = 100;
  while (state.state !== 'fertig') {
    during.push(await edit(customers[next++ % customers.length]!));
    if (during.length % 10 === 0) {
      state = await call('GET', `bulkAction/job/${String(job.id)}`);
      if (during.length % 200 === 0) console.log(`… ${String(state.done)} von ${String(state.total)}`);
    }
  }
  const finished = performance.now() - started;
  console.log(
    `Sammelaktion auf ${total.toLocaleString('de-DE')} Kunden: Antwort auf den Start nach ${answered.toFixed(0)} ms, ` +
      `fertig nach ${(finished / 1000).toFixed(1)} s (${(finished / Number(state.total)).toFixed(2)} ms je Kunde); ` +
      `${String(state.changed)} erledigt, ${String(state.refusedCount)} abgelehnt (inzwischen einzeln geändert)`,
  );
  show('Einzeländerung, ruhig', quiet);
  show('Einzeländerung während der Aktion', during);
  await app.close();
} finally {
  await bench.stop();
}
