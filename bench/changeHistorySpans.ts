// Usage: `npx tsx bench/changeHistorySpans.ts [--customers 2000] [--port 5571]` — where the Änderungsverlauf's cost
// in a Kanban move lies. On a fresh embedded database of its own, through the real API in this process (like
// bench/changeHistory.ts), 25 cards moved 16 times each with and without recording, alternating call by call:
// 1. per statement of the move's transaction, p50 of the time from sending it to its answer ("in PostgreSQL",
//    with the round trip) and of the time in this process before it (building it, handling the previous answer);
// 2. WAL bytes written per move with and without recording.
// Only moves whose transaction sent the usual statements are compared (a nudge of the neighbours adds some).
import { sql } from 'kysely';
import pg from 'pg';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { boardCards } from './boardCards';
import { buildBenchApp, freshBenchDatabase } from './inProcessApp';
import { setRecordingForBench } from '../server/platform/changes/recordChange';

const { values: args } = parseArgs({
  options: { customers: { type: 'string', default: '2000' }, port: { type: 'string', default: '5571' } },
});
const ROUNDS = 16;
const PER_ROUND = 25;

interface Span {
  text: string;
  sent: number;
  answered: number;
}
// The statements of the move's transaction: those on the connection that sent its BEGIN (the stream's reads of
// the move's event run on other connections).
const watch: { spans: Span[] | null; client: pg.Client | null } = { spans: null, client: null };
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const answer = query.apply(this, args);
  const first = args[0];
  const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
  if (watch.spans && text !== undefined && answer instanceof Promise) {
    if (text.trim().toLowerCase() === 'begin') watch.client = this;
    if (watch.client === this) {
      const span: Span = {
        text: text.replace(/\s+/g, ' ').trim().slice(0, 70),
        sent: performance.now(),
        answered: 0,
      };
      watch.spans.push(span);
      const done = () => void (span.answered = performance.now());
      answer.then(done, done);
    }
  }
  return answer;
} as typeof pg.Client.prototype.query;

const bench = await freshBenchDatabase('change-history-spans', Number(args.port), Number(args.customers));
const { db } = bench;
try {
  const { app, signToken } = await buildBenchApp(db, bench.dir);
  const token = await signToken(['APP_KUNDE'], { name: 'Bench Person' });
  const { cards, nextColumn } = await boardCards(db, PER_ROUND);

  interface Move {
    total: number;
    spans: Span[];
    started: number;
  }
  const moves = { on: [] as Move[], off: [] as Move[] };
  const move = async (card: (typeof cards)[number], on: boolean, keep: boolean) => {
    setRecordingForBench(on);
    const next = nextColumn(card);
    watch.spans = [];
    watch.client = null;
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/vorgang/setCustomStatusForVorgang',
      payload: { vorgangId: card.id, version: card.version, customStatusId: next },
      headers: { authorization: `Bearer ${token}` },
    });
    const total = performance.now() - started;
    const spans = watch.spans;
    watch.spans = null;
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    card.version = (response.json().result as { version: number }).version;
    card.status = next;
    if (keep) moves[on ? 'on' : 'off'].push({ total, spans, started });
  };
  const lsn = async () =>
    (await sql<{ lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`.execute(db)).rows[0]!.lsn;
  const walPerMove = async (on: boolean) => {
    const from = await lsn();
    for (const card of cards) await move(card, on, false);
    const to = await lsn();
    const { rows } = await sql<{
      bytes: string;
    }>`SELECT pg_wal_lsn_diff(${to}, ${from})::text AS bytes`.execute(db);
    return Number(rows[0]!.bytes) / cards.length;
  };
  const loadBefore = loadavg()[0]!.toFixed(2);
  for (const card of cards) await move(card, true, false); // warm-up
  const wal = { on: [] as number[], off: [] as number[] };
  for (const on of [true, false, true, false]) wal[on ? 'on' : 'off'].push(await walPerMove(on));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, card] of cards.entries()) {
      for (const on of i % 2 ? [false, true] : [true, false]) await move(card, on, true);
    }
  }
  setRecordingForBench(true);

  const p50 = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const ms = (n: number) => n.toFixed(3).padStart(7);
  console.log(`Last (1 min) vor dem Messen ${loadBefore}, danach ${loadavg()[0]!.toFixed(2)}`);
  console.log(
    `WAL je Verschiebung: mit Verlauf ${wal.on.map((n) => n.toFixed(0)).join(' / ')} Byte, ` +
      `ohne ${wal.off.map((n) => n.toFixed(0)).join(' / ')} Byte`,
  );
  // The usual shape: as many statements as most moves of that side sent.
  const usual = (list: Move[]) => {
    const counts = new Map<number, number>();
    for (const m of list) counts.set(m.spans.length, (counts.get(m.spans.length) ?? 0) + 1);
    const n = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    return list.filter((m) => m.spans.length === n);
  };
  for (const [side, label] of [
    ['on', 'mit Verlauf'],
    ['off', 'ohne Verlauf'],
  ] as const) {
    const list = usual(moves[side]);
    const inDb = (m: Move) => m.spans.reduce((sum, s) => sum + s.answered - s.sent, 0);
    console.log(
      `\n${label}: ${list.length} von ${moves[side].length} Verschiebungen, p50 ganz ${ms(p50(list.map((m) => m.total)))} ms, ` +
        `Anweisungen ${ms(p50(list.map(inDb)))} ms, im Prozess ${ms(p50(list.map((m) => m.total - inDb(m))))} ms`,
    );
    list[0]!.spans.forEach((span, i) => {
      const before = p50(list.map((m) => m.spans[i]!.sent - (i ? m.spans[i - 1]!.answered : m.started)));
      const answer = p50(list.map((m) => m.spans[i]!.answered - m.spans[i]!.sent));
      console.log(`  davor ${ms(before)} ms  Anweisung ${ms(answer)} ms  ${span.text}`);
    });
  }
  await app.close();
} finally {
  await bench.stop();
}
