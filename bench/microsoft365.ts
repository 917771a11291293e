// Usage: `npx tsx bench/microsoft365.ts [--termine 500] [--sellers 100] [--latency 100]` — Microsoft 365 against
// the Graph stand-in (each Graph call answered after `--latency` ms, Graph's four calls per mailbox enforced):
// 1. a seller with `--termine` planned Termine connects: time until the last one is in their Outlook calendar;
// 2. a Termin moved in the CRM: time until the Outlook event shows the new start;
// 3. an event moved in Outlook (no notifications, the delta interval set to one minute): time until the CRM follows;
// 4. `--sellers` connected sellers' delta runs, all due at once: this process's CPU time for the round, as a share
//    of one core over the five minutes between rounds (the stand-in runs in this process too: an upper bound).
// Its own embedded database (port 5499 unless BENCH_PG_PORT), the real app in this process (buildApp).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { startMicrosoftStandIn } from '../server/dev/microsoftStandIn/microsoftStandIn';
import { createTokenEndpoint } from '../server/microsoft365/tokenEndpoint';
import { buildBenchApp, freshBenchDatabase } from './inProcessApp';

const { values: args } = parseArgs({
  options: {
    termine: { type: 'string', default: '500' },
    sellers: { type: 'string', default: '100' },
    latency: { type: 'string', default: '100' },
  },
});
const TERMINE = Number(args.termine);
const SELLERS = Number(args.sellers);
const LATENCY = Number(args.latency);

const standIn = await startMicrosoftStandIn();
standIn.state.latencyMs = LATENCY;
const fresh = await freshBenchDatabase('microsoft365', Number(process.env.BENCH_PG_PORT ?? 5499), 20);
const { db } = fresh;
const { app, signToken } = await buildBenchApp(db, fresh.dir, {
  microsoft365: {
    graphBaseUrl: standIn.baseUrl,
    tokens: createTokenEndpoint({
      loginBaseUrl: standIn.baseUrl,
      clientId: standIn.client.clientId,
      credential: { secret: standIn.client.clientSecret },
    }),
    tokenKey: randomBytes(32),
    deltaIntervalMs: 60_000,
  },
});

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
const waitUntil = async (probe: () => Promise<boolean>, limitMs: number, pollMs = 100) => {
  const start = performance.now();
  while (!(await probe())) {
    if (performance.now() - start > limitMs) throw new Error('Zeitlimit überschritten');
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return performance.now() - start;
};

const branch = (
  await sql<{ id: number }>`INSERT INTO branch (name, location_group) VALUES ('Bench', 'APP_STANDORT_S_BENCH')
    RETURNING id`.execute(db)
).rows[0]!.id;
const customer = (await sql<{ id: number }>`SELECT id FROM customer ORDER BY id LIMIT 1`.execute(db)).rows[0]!
  .id;

/** A seller of the CRM with `termine` Termine in the next 60 days; answers their user id and a call as them. */
async function seller(index: number, termine: number) {
  const oid = `bench-oid-${index}`;
  const mail = `bench.${index}@strussnig.at`;
  const userId = (
    await sql<{ id: number }>`INSERT INTO app_user (azure_oid, name, email, branch_id)
      VALUES (${oid}, ${`Verkauf ${index}`}, ${mail}, ${branch}) RETURNING id`.execute(db)
  ).rows[0]!.id;
  await sql`INSERT INTO activity (customer_id, activity_type, activity_date, user_id, done, note)
    SELECT ${customer}, 'aufmass', date_trunc('hour', now()) + (n % 60 + 1) * interval '1 day' + (n % 9) * interval '1 hour',
      ${userId}, false, 'Bench' FROM generate_series(1, ${termine}) n`.execute(db);
  const token = await signToken(['APP_KUNDE'], { oid, name: `Verkauf ${index}`, preferred_username: mail });
  const call = async (method: 'GET' | 'POST', url: string) => {
    const answer = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
    return (answer.json() as { result: Record<string, unknown> }).result;
  };
  const connect = async () => {
    const first = await call('POST', '/api/microsoft365/connect');
    if (first.state === 'verbunden') return;
    const consent = new URL(String(first.consentUrl));
    await fetch(consent.origin + consent.pathname, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(consent.searchParams), decision: 'accept' }),
      redirect: 'manual',
    });
    const again = await call('POST', '/api/microsoft365/connect');
    if (again.state !== 'verbunden') throw new Error(`Nicht verbunden: ${JSON.stringify(again)}`);
  };
  return { oid, userId, call, connect };
}

try {
  // 1. First sync.
  const first = await seller(0, TERMINE);
  standIn.state.maxInFlight.clear();
  const started = performance.now();
  await first.connect();
  const firstSync = await waitUntil(
    async () => (await first.call('GET', '/api/microsoft365/status')).pendingTermine === 0,
    600_000,
    200,
  );
  const synced = performance.now() - started;
  const inOutlook = standIn.state.eventsOf(first.oid).length;
  console.log(
    `Erster Abgleich: ${TERMINE} Termine in ${seconds(synced)} (davon ${seconds(firstSync)} nach dem Verbinden), ` +
      `${inOutlook} in Outlook, höchstens ${standIn.state.maxInFlight.get(first.oid) ?? 0} Aufrufe gleichzeitig ` +
      `(Ziel ≤ 60 s bei 4), ${LATENCY} ms je Aufruf`,
  );

  // 2. A move in the CRM, into Outlook.
  const { rows } = await sql<{ activityId: number; eventId: string }>`
    SELECT activity_id AS "activityId", event_id AS "eventId" FROM m365_event WHERE user_id = ${first.userId}
    ORDER BY activity_id LIMIT 1`.execute(db);
  const link = rows[0]!;
  const target = new Date(Date.now() + 70 * 86_400_000);
  target.setUTCHours(12, 0, 0, 0);
  await sql`UPDATE activity SET activity_date = ${target}, version = version + 1 WHERE id = ${link.activityId}`.execute(
    db,
  );
  const crmToOutlook = await waitUntil(async () => {
    const event = standIn.state.eventsOf(first.oid).find((e) => e.id === link.eventId);
    return event?.start?.dateTime === target.toISOString().replace('Z', '');
  }, 60_000);
  console.log(`Im CRM verschoben, in Outlook nach ${seconds(crmToOutlook)} (Ziel ≤ 10 s)`);

  // 3. A move in Outlook, into the CRM (delta interval one minute, no notifications).
  const outlookTarget = new Date(target.getTime() + 86_400_000);
  standIn.moveInOutlook(
    first.oid,
    link.eventId,
    outlookTarget.toISOString().replace('Z', ''),
    new Date(outlookTarget.getTime() + 3_600_000).toISOString().replace('Z', ''),
  );
  const outlookToCrm = await waitUntil(async () => {
    const { rows: found } = await sql<{ d: Date }>`SELECT activity_date AS d FROM activity
      WHERE id = ${link.activityId}`.execute(db);
    return new Date(found[0]!.d).getTime() === outlookTarget.getTime();
  }, 180_000);
  console.log(
    `In Outlook verschoben, im CRM nach ${seconds(outlookToCrm)} (Ziel ≤ Abgleichsintervall, hier 60 s)`,
  );

  // 4. Delta runs of many sellers.
  const many = [];
  for (let index = 1; index <= SELLERS; index += 1) many.push(await seller(index, 5));
  for (const person of many) await person.connect();
  await waitUntil(
    async () => {
      const { rows: waiting } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM m365_event WHERE want <> 'ok'`.execute(db);
      return waiting[0]!.n === 0;
    },
    600_000,
    500,
  );
  await waitUntil(
    async () => {
      const { rows: open } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM m365_connection
      WHERE last_sync_at IS NULL`.execute(db);
      return open[0]!.n === 0;
    },
    600_000,
    500,
  );
  // Every calendar has its deltaLink: now a regular round, all due at once.
  const mark = new Date();
  const cpu = process.cpuUsage();
  await sql`UPDATE m365_connection SET sync_due_at = now()`.execute(db);
  const round = await waitUntil(
    async () => {
      const { rows: open } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM m365_connection
      WHERE last_sync_at < ${mark}`.execute(db);
      return open[0]!.n === 0;
    },
    300_000,
    200,
  );
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  console.log(
    `${SELLERS + 1} Kalender im Abgleich: Runde in ${seconds(round)}, CPU ${seconds(cpuMs)} = ` +
      `${((cpuMs / 300_000) * 100).toFixed(2).replace('.', ',')} % eines Kerns je 5 Minuten (Ziel ≤ 5 %; mit Stand-in)`,
  );
} finally {
  await app.close();
  await standIn.close();
  await fresh.stop();
}
