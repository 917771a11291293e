// Usage: with a seeded DATA_DIR (`npm run seed -- --customers 100000`, ≈ 237,000 Vorgänge) or DATABASE_URL and no
// server on it: `npx tsx bench/kanban.ts` — the Kartenansicht:
// 1. median and worst of `vorgang/kanban` (the whole board: columns, totals, 30 cards each) per filter and of
//    `vorgang/kanban-page` (the next 30 cards of the largest column, near its top and deep down), 7 runs after
//    3 warm-ups, with the same functions the routes call. Target: board < 100 ms, page < 20 ms.
// 2. move → event across two server instances: two real API instances (as in production, each with its own
//    pool and its own LISTEN connection) over this one database; a stream is open on instance B, moves are
//    POSTed to instance A; the time from sending the move to the event arriving on B's stream, and from A's
//    answer to the event. Target: under 1 s (the drop-to-other-browser budget). Moves are undone.
import { sql } from 'kysely';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { readConfig } from '../server/platform/config/env';
import { openDatabase } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';
import { migrateToLatest } from '../server/platform/db/migrate';
import { readBoard, readColumnPage } from '../server/vorgaenge/kanban/kanbanQueries';
import type { BoardFilter } from '../server/vorgaenge/kanban/kanbanFilterQueries';
import type { KanbanMoveEvent } from '../src/resources/vorgaenge/kanban/kanbanTypes';
import { openSse } from '../tests/support/sseStream';
import { buildBenchApp } from './inProcessApp';

const RUNS = 7;
const MOVES = 30;
const config = readConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
const databaseUrl = config.databaseUrl ?? embedded!.url;
const db = openDatabase(databaseUrl);

const statsOf = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)]!,
    p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!,
    max: sorted.at(-1)!,
  };
};

async function time(name: string, run: () => Promise<string>) {
  const times: number[] = [];
  let outcome = '';
  for (let i = 0; i < RUNS + 3; i++) {
    const started = performance.now();
    outcome = await run();
    if (i >= 3) times.push(performance.now() - started);
  }
  const { median, max } = statsOf(times);
  console.log(
    `${name.padEnd(48)} ${outcome.padStart(22)}  Median ${median.toFixed(1).padStart(6)} ms  max ${max.toFixed(1).padStart(6)} ms`,
  );
}

/** One API instance over the shared database, as production runs it (own pool, own LISTEN connection). */
async function startInstance(dataDir: string) {
  const instanceDb = openDatabase(databaseUrl, 10);
  const { app, signToken } = await buildBenchApp(instanceDb, dataDir);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await signToken(['APP_KUNDE'], {
    oid: '5b0a3c1e-7d1f-4e0a-9a11-0000000a0002',
    name: 'Lena Leitung',
  });
  return {
    url,
    token,
    stop: async () => {
      await app.close();
      await instanceDb.destroy();
    },
  };
}

async function moveLatency() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-kanban-bench-'));
  const a = await startInstance(path.join(dataDir, 'a'));
  const b = await startInstance(path.join(dataDir, 'b'));
  // The last card of the smallest non-empty column, moved to the end of "Ohne Status" and back: the move
  // itself shifts no other card, so what is timed is the request and the push, not a column's renumbering.
  const { rows: columns } = await sql<{ id: number }>`
    SELECT s.id FROM custom_status s JOIN vorgang v ON v.custom_status_id = s.id AND v.system_status IN ('anfrage', 'angebot', 'auftrag')
    WHERE s.active GROUP BY s.id ORDER BY count(*) LIMIT 1`.execute(db);
  const from = columns[0]!.id;
  const { rows: cards } = await sql<{ id: number; version: number }>`
    SELECT id, version FROM vorgang WHERE custom_status_id = ${from}
    ORDER BY board_position DESC, id DESC LIMIT 1`.execute(db);
  const card = { ...cards[0]! };
  const stream = await openSse(`${b.url}/api/vorgang/kanban-events`, { authorization: `Bearer ${b.token}` });
  const sendToArrive: number[] = [];
  const answerToArrive: number[] = [];
  const request: number[] = [];
  try {
    // Untimed first round trip: the seeded positions (ids) become 1..n once, which rewrites both columns.
    for (const target of [null, from]) {
      const arrived = stream.until(
        (m) => m.event === 'moved' && JSON.parse(m.data).vorgangId === card.id,
        120_000,
      );
      const response = await fetch(`${a.url}/api/vorgang/setCustomStatusForVorgang`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ vorgangId: card.id, version: card.version, customStatusId: target }),
      });
      if (!response.ok) throw new Error(`Verschieben: ${response.status} ${await response.text()}`);
      card.version = (JSON.parse((await arrived).data) as KanbanMoveEvent).version;
    }
    for (let i = 0; i < MOVES; i++) {
      const target = i % 2 === 0 ? null : from;
      const sent = performance.now();
      const arrived = stream.until(
        (m) => m.event === 'moved' && JSON.parse(m.data).vorgangId === card.id,
        30_000,
      );
      const response = await fetch(`${a.url}/api/vorgang/setCustomStatusForVorgang`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ vorgangId: card.id, version: card.version, customStatusId: target }),
      });
      const answered = performance.now();
      if (!response.ok) throw new Error(`Verschieben: ${response.status} ${await response.text()}`);
      const event = JSON.parse((await arrived).data) as KanbanMoveEvent;
      const at = performance.now();
      card.version = event.version;
      request.push(answered - sent);
      sendToArrive.push(at - sent);
      answerToArrive.push(at - answered);
    }
  } finally {
    stream.close();
    await a.stop();
    await b.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const line = (name: string, times: number[]) => {
    const { median, p95, max } = statsOf(times);
    console.log(
      `${name.padEnd(71)}  Median ${median.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  max ${max.toFixed(1).padStart(6)} ms`,
    );
  };
  console.log(`\n${MOVES} Verschiebungen auf Instanz A, Ereignisstrom auf Instanz B (gleiche Datenbank):`);
  line('Anfrage an A (vorgang/setCustomStatusForVorgang)', request);
  line('Senden an A → Ereignis auf B', sendToArrive);
  line('Antwort von A → Ereignis auf B (Push nach dem Commit)', answerToArrive);
}

try {
  await migrateToLatest(db); // the board's index (migration 0020) on a database seeded before it
  await sql`VACUUM (ANALYZE) vorgang, vorgang_label, customer`.execute(db);
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0]!;
  const { n } = await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM vorgang`);
  console.log(
    `${n.toLocaleString('de-DE')} Vorgänge; Last (1/5/15 min): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const seller = await one(
    sql<{ oid: string; id: number }>`SELECT u.azure_oid AS oid, u.id FROM app_user u
      JOIN vorgang v ON v.seller_user_id = u.id GROUP BY u.id ORDER BY count(*) DESC LIMIT 1`,
  );
  const branch = await one(
    sql<{ id: number }>`SELECT branch_id AS id FROM vorgang WHERE branch_id IS NOT NULL LIMIT 1`,
  );
  const label = await one(
    sql<{ id: number }>`SELECT label_id AS id FROM vorgang_label GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
  const vorgangNumber = await one(
    sql<{ number: string }>`SELECT vorgang_number AS number FROM vorgang ORDER BY id LIMIT 1 OFFSET 1000`,
  );
  const context = { callerOid: seller.oid, zone: 'Europe/Vienna' };
  const cases: [string, BoardFilter][] = [
    ['ohne Filter', {}],
    ['nur meine', { mine: true }],
    ['Verkäufer', { sellerUserId: seller.id }],
    ['Filiale', { branchId: branch.id }],
    ['Label', { labelId: label.id }],
    ['Suche "gruber" (Kundenname)', { q: 'gruber' }],
    ['Suche "fenster" (Bezeichnung)', { q: 'fenster' }],
    [`Suche Vorgangsnummer "${vorgangNumber.number}"`, { q: vorgangNumber.number }],
  ];
  for (const [name, filter] of cases) {
    await time(`vorgang/kanban ${name}`, async () => {
      const board = await readBoard(db, filter, context);
      const total = board.columns.reduce((sum, c) => sum + c.total, 0);
      const cards = board.columns.reduce((sum, c) => sum + c.cards.length, 0);
      // A capped column (quick search, more than 1.000 matches) counted only to 1.001.
      const capped = board.columns.some((c) => c.capped) ? '≥ ' : '';
      return `${capped}${total.toLocaleString('de-DE')} / ${cards} Karten`;
    });
  }
  const { rows: biggest } = await sql<{ id: number; n: number }>`
    SELECT custom_status_id AS id, count(*)::int AS n FROM vorgang
    WHERE custom_status_id IS NOT NULL AND system_status IN ('anfrage', 'angebot', 'auftrag') GROUP BY 1 ORDER BY 2 DESC LIMIT 1`.execute(
    db,
  );
  const column = biggest[0]!;
  for (const [name, offset] of [
    ['oben', 30],
    ['tief (Hälfte)', Math.floor(column.n / 2)],
  ] as const) {
    const start = await one(
      sql<{ pos: number; id: number }>`SELECT board_position AS pos, id FROM vorgang
        WHERE custom_status_id = ${column.id} AND system_status IN ('anfrage', 'angebot', 'auftrag')
        ORDER BY board_position, id OFFSET ${offset} LIMIT 1`,
    );
    await time(`vorgang/kanban-page größte Spalte, ${name}`, async () => {
      const page = await readColumnPage(
        db,
        { customStatusId: column.id, afterPosition: start.pos, afterId: start.id },
        context,
      );
      return `${page.cards.length} Karten`;
    });
  }
  await moveLatency();
  console.log(
    `Last danach (1/5/15 min): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await db.destroy();
  await embedded?.stop();
}
