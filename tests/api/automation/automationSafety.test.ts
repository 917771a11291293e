import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyToday } from '../../../src/config/companyTime';
import { webhookSignature } from '../../../server/automation/actions/webhookAction';
import { mayStartRun } from '../../../server/automation/rateCapQueries';
import { runJob } from '../../../server/automation/runQueue';
import { claimRun } from '../../../server/automation/runQueueQueries';
import type { Database } from '../../../server/platform/db/database';
import { surveyTokenHash } from '../../../server/nps';
import { mailWhenSent, sentTextOf } from '../../support/outboxMail';
import {
  createAutomation,
  exportAutomationRuns,
  getAutomation,
  getAutomationOptions,
  listAutomationRuns,
  listAutomations,
  setAutomationState,
  simulateAutomation,
  updateAutomation,
} from '../../../src/resources/automation/automation.endpoints';
import { saveNpsAnswer } from '../../../src/resources/nps/nps.endpoints';
import { setCustomStatusForVorgang } from '../../../src/resources/vorgaenge/vorgang.endpoints';
import { resultOf } from '../../support/testApp';
import { ADMIN, automationFixture, todoFor, type AutomationFixture } from './automationFixture';
import { minuteWaitTimeout, withinOneMinute } from '../../support/freshMinute';

/** The loop guard, the chain's depth, the rate cap, a failing webhook, and who may reach automations. */
describe('automation safety', () => {
  let f: AutomationFixture;
  let statuses: { id: number; name: string }[];

  beforeAll(async () => {
    f = await automationFixture();
    statuses = (
      await sql<{
        id: number;
        name: string;
      }>`SELECT id, name FROM custom_status WHERE active ORDER BY sort_order`.execute(f.t.db)
    ).rows;
  });
  afterAll(() => f.t.close());

  const move = async (vorgangId: number, customStatusId: number) => {
    const { version } = await f.one(
      sql<{ version: number }>`SELECT version FROM vorgang WHERE id = ${vorgangId}`,
    );
    await resultOf(
      f.t.callEndpoint(ADMIN, setCustomStatusForVorgang, { body: { vorgangId, customStatusId, version } }),
    );
  };
  const statusOf = async (vorgangId: number) =>
    (
      await f.one(
        sql<{ id: number | null }>`SELECT custom_status_id AS id FROM vorgang WHERE id = ${vorgangId}`,
      )
    ).id;
  const setStatus = (valueId: number) => ({ kind: 'feld', field: 'eigenerStatus', valueId }) as const;

  it('an automation that sets the status its trigger watches runs once, and its write names it', async () => {
    const [a, b] = [statuses[0]!, statuses[1]!];
    // Any change of the Eigener Status sets it to b: its own write would fire it again without the guard.
    const automation = await f.create(
      'Immer b',
      { kind: 'eigenerStatus', fromStatusId: null, toStatusId: null },
      [setStatus(b.id)],
    );
    await f.activate(automation);
    const vorgang = await f.vorgang({ customStatusId: null });
    await move(vorgang, a.id);
    await f.settle();
    await f.settle();
    expect(await statusOf(vorgang)).toBe(b.id);
    const runs = await f.runsOf(automation.id);
    expect(runs.filter((run) => run.vorgangId === vorgang)).toHaveLength(1);
    // The Änderungsverlauf names the automation as the author of its write.
    const changes = await sql<{ actor: string }>`
      SELECT actor_name AS actor FROM change_record WHERE vorgang_id = ${vorgang} ORDER BY id`.execute(
      f.t.db,
    );
    expect(changes.rows.map((row) => row.actor)).toContain('Automatik (Immer b)');
    await f.activate(automation, 'pausiert');
  });

  it('a chain of automations stops after three links', async () => {
    const [s0, s1, s2, s3, s4] = statuses;
    // s0 → s1 → s2 → s3 → s4, each link its own automation.
    const links = [];
    for (const [index, [from, to]] of [
      [s0!, s1!],
      [s1!, s2!],
      [s2!, s3!],
      [s3!, s4!],
    ].entries()) {
      const link = await f.create(
        `Kette ${index + 1}`,
        { kind: 'eigenerStatus', fromStatusId: null, toStatusId: from.id },
        [setStatus(to.id)],
      );
      await f.activate(link);
      links.push(link);
    }
    const vorgang = await f.vorgang({ customStatusId: null });
    await move(vorgang, s0!.id);
    for (let i = 0; i < 5; i++) await f.settle();
    // Links 1-3 ran; the fourth would be the chain's fourth link.
    expect(await statusOf(vorgang)).toBe(s3!.id);
    const ran = [];
    for (const link of links)
      ran.push((await f.runsOf(link.id)).filter((run) => run.vorgangId === vorgang).length);
    expect(ran).toEqual([1, 1, 1, 0]);
    const third = (await f.runsOf(links[2]!.id)).find((run) => run.vorgangId === vorgang)!;
    expect(third.chain).toEqual([links[0]!.id, links[1]!.id, links[2]!.id]);
    for (const link of links) await f.activate(link, 'pausiert');
  });

  it(
    'the rate cap pauses only its automation, tells its owner, and its waiting runs go on when activated again',
    async () => {
      const capped = await f.create(
        'Zwei pro Minute',
        { kind: 'nps', minScore: 0, maxScore: 10 },
        [todoFor('Rückruf', 1, 'betreuer')],
        {
          runsPerMinute: 2,
        },
      );
      await f.activate(capped);
      // The cap counts per clock minute (from :00): the four runs start well inside one.
      await withinOneMinute(25);
      const customers = (
        await sql<{ id: number }>`SELECT id FROM customer ORDER BY id LIMIT 4`.execute(f.t.db)
      ).rows;
      for (const customer of customers) {
        const answer = {
          customerId: customer.id,
          score: 5,
          channel: 'telefon',
          answeredOn: companyToday(f.zone),
        };
        expect((await f.t.callEndpoint(ADMIN, saveNpsAnswer, { body: answer })).status).toBe(200);
      }
      await f.settle();
      const runs = await f.runsOf(capped.id);
      // Two run, the rest wait. The engine's own events job may match the first answers before the last has come:
      // the cap then pauses the automation before the fourth answer is matched, and a paused automation makes no
      // new runs (three runs, not four).
      expect(runs.length).toBeGreaterThanOrEqual(3);
      // A failure says how each run and the counter stood (it once found none finished, cause not known yet).
      const stood = JSON.stringify({
        runs: runs.map(({ id, state, attempts, error }) => ({ id, state, attempts, error })),
        jobs: (
          await sql`SELECT id::int, job_id IS NOT NULL AS "hasJob", due_at > now() AS later, rate_minute_ends
          FROM automation_run WHERE automation_id = ${capped.id} ORDER BY id`.execute(f.t.db)
        ).rows,
        hits: (
          await sql`SELECT hits, window_ends FROM rate_limit_window WHERE key = ${`automation:${capped.id}`}`.execute(
            f.t.db,
          )
        ).rows,
      });
      expect(
        runs.filter((run) => run.state === 'fertig'),
        stood,
      ).toHaveLength(2);
      expect(runs.filter((run) => run.state === 'wartend')).toHaveLength(runs.length - 2);
      const detail = await f.get(capped);
      expect(detail).toMatchObject({
        state: 'pausiert',
        pausedReason: expect.stringMatching(/^Mehr als 2 Läufe in einer Minute/),
      });
      const told = await sql<{ title: string }>`
      SELECT n.title FROM notification n JOIN app_user u ON u.id = n.user_id
      WHERE u.azure_oid = '11111111-2222-3333-4444-555555555555' AND n.kind = 'automatisierung'`.execute(
        f.t.db,
      );
      expect(told.rows.map((row) => row.title)).toContain('Automatisierung „Zwei pro Minute“ pausiert');
      // Activated again (with a cap that lets them pass): the parked runs get their jobs and finish.
      await sql`UPDATE automation SET runs_per_minute = 100 WHERE id = ${capped.id}`.execute(f.t.db);
      await f.activate(capped);
      await f.settle();
      expect((await f.runsOf(capped.id)).map((run) => run.state)).toEqual(runs.map(() => 'fertig'));
      await f.activate(capped, 'pausiert');
    },
    minuteWaitTimeout(25),
  );

  it('starts of one automation go side by side: none waits for another start’s claim', async () => {
    const busy = await f.create('Nebeneinander', { kind: 'nps', minScore: 0, maxScore: 10 }, [
      todoFor('Rückruf'),
    ]);
    await f.activate(busy);
    // Two waiting runs whose jobs no worker holds (the claims below are the only ones).
    const runs = await twoWaitingRuns(f.t.db, busy.id, 'nebeneinander-');
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let passed = () => {};
    const capPassed = new Promise<void>((resolve) => (passed = resolve));
    // The first start halts right after the cap let it go, holding whatever its claim holds by then.
    const first = claimRun(f.t.db, runs[0]!.id, runs[0]!.jobId, async (db, automationId, runId) => {
      const mayGo = await mayStartRun(db, automationId, runId);
      passed();
      await released;
      return mayGo;
    });
    await capPassed;
    const second = claimRun(f.t.db, runs[1]!.id, runs[1]!.jobId, mayStartRun);
    try {
      const early = await Promise.race([
        second,
        new Promise<'wartet'>((resolve) => setTimeout(() => resolve('wartet'), 3000)),
      ]);
      expect(early).toMatchObject({ id: runs[1]!.id });
    } finally {
      release();
      expect(await first).toMatchObject({ id: runs[0]!.id });
      await second;
      await sql`DELETE FROM automation_run WHERE id IN (${runs[0]!.id}, ${runs[1]!.id})`.execute(f.t.db);
    }
    await f.activate(busy, 'pausiert');
  });

  it(
    'a start the cap let go still runs when a start beside it passed the cap and paused the automation',
    async () => {
      const one = await f.create(
        'Einer neben dem anderen',
        { kind: 'nps', minScore: 0, maxScore: 10 },
        [todoFor('Rückruf')],
        {
          runsPerMinute: 1,
        },
      );
      await f.activate(one);
      await withinOneMinute(10);
      const runs = await twoWaitingRuns(f.t.db, one.id, 'daneben-');
      // The first start passes the cap; before its claim, the second start passes the cap too and pauses the automation
      // (as two instances' starts do under load).
      const first = await claimRun(f.t.db, runs[0]!.id, runs[0]!.jobId, async (db, automationId, runId) => {
        const mayGo = await mayStartRun(db, automationId, runId);
        expect(await claimRun(f.t.db, runs[1]!.id, runs[1]!.jobId, mayStartRun)).toBeNull();
        return mayGo;
      });
      expect(first).toMatchObject({ id: runs[0]!.id });
      const { rows } = await sql<{ id: number; state: string }>`
      SELECT id::int, state FROM automation_run WHERE id IN (${runs[0]!.id}, ${runs[1]!.id}) ORDER BY id`.execute(
        f.t.db,
      );
      expect(rows.map((row) => row.state)).toEqual(['laeuft', 'wartend']);
      expect(await f.get(one)).toMatchObject({ state: 'pausiert' });
      await sql`DELETE FROM automation_run WHERE id IN (${runs[0]!.id}, ${runs[1]!.id})`.execute(f.t.db);
    },
    minuteWaitTimeout(10),
  );

  it('a run whose claim is tried again in the same minute counts once against the cap', async () => {
    const once = await f.create(
      'Einer pro Minute',
      { kind: 'nps', minScore: 0, maxScore: 10 },
      [todoFor('Rückruf')],
      {
        runsPerMinute: 1,
      },
    );
    await f.activate(once);
    // Both tries within one clock minute (the cap counts from :00).
    const second = new Date().getSeconds();
    if (second > 55) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    const runId = (await waitingRun(f.t.db, once.id, 'zweimal')).id;
    expect(await mayStartRun(f.t.db, once.id, runId)).toBe(true);
    // The same run's claim again (handed over, retried under load): no second number, the automation stays active.
    expect(await mayStartRun(f.t.db, once.id, runId)).toBe(true);
    const { rows } = await sql<{ hits: number; state: string }>`
      SELECT (SELECT sum(hits)::int FROM rate_limit_window WHERE key = ${`automation:${once.id}`}) AS hits,
        (SELECT state FROM automation WHERE id = ${once.id}) AS state`.execute(f.t.db);
    expect(rows[0]).toEqual({ hits: 1, state: 'aktiv' });
    await sql`DELETE FROM automation_run WHERE id = ${runId}`.execute(f.t.db);
    await f.activate(once, 'pausiert');
  });

  it('a run’s start waits for no sweep or matcher that is still adding runs of its automation', async () => {
    const busy = await f.create('Viele auf einmal', { kind: 'nps', minScore: 0, maxScore: 10 }, [
      todoFor('Rückruf'),
    ]);
    await f.activate(busy);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    // The sweep's transaction: its new runs' foreign key holds the automation's row (KEY SHARE) until it commits.
    const sweep = f.t.db.transaction().execute(async (trx) => {
      await sql`SELECT 1 FROM automation WHERE id = ${busy.id} FOR KEY SHARE`.execute(trx);
      holding();
      await released;
    });
    await held;
    const runId = (await waitingRun(f.t.db, busy.id, 'sweep-wartet')).id;
    try {
      const started = await f.t.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL lock_timeout = '1s'`.execute(trx);
        return mayStartRun(trx, busy.id, runId);
      });
      expect(started).toBe(true);
    } finally {
      release();
      await sweep;
      await sql`DELETE FROM automation_run WHERE id = ${runId}`.execute(f.t.db);
    }
  });

  it('a failing webhook is signed, tried again with backoff, then shown as failed to its owner', async () => {
    const calls: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        calls.push({ headers: request.headers, body });
        response.writeHead(503).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const secret = 'geheimer-schluessel-1234';
    try {
      const automation = await f.create('Webhook', { kind: 'nps', minScore: 9, maxScore: 10 }, [
        { kind: 'webhook', url, secret },
      ]);
      await f.activate(automation);
      const customer = (await f.one(sql<{ id: number }>`SELECT id FROM customer ORDER BY id LIMIT 1`)).id;
      const answer = {
        customerId: customer,
        score: 10,
        channel: 'telefon',
        answeredOn: companyToday(f.zone),
      };
      expect((await f.t.callEndpoint(ADMIN, saveNpsAnswer, { body: answer })).status).toBe(200);
      // The engine's own events job may have claimed the answer first (SKIP LOCKED): then the run appears when
      // its transaction commits, not when this match returns.
      let [run] = await f.runsOf(automation.id);
      for (let i = 0; i < 400 && !run; i++) {
        await f.match();
        [run] = await f.runsOf(automation.id);
        if (!run) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // The first try fails; the library keeps the job for its retry after the backoff.
      for (let i = 0; i < 200 && calls.length === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 25));
      const jobId = (
        await f.one(
          sql<{ jobId: string }>`SELECT job_id AS "jobId" FROM automation_run WHERE id = ${run!.id}`,
        )
      ).jobId;
      let job = await f.t.app.jobs.find(runJob, jobId);
      for (let i = 0; i < 200 && job?.state !== 'retry'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        job = await f.t.app.jobs.find(runJob, jobId);
      }
      // Waiting for its next try, after the backoff (30 s).
      expect(job!.state).toBe('retry');
      expect(job!.startAfter.getTime()).toBeGreaterThan(Date.now() + 15_000);
      expect((await f.runsOf(automation.id))[0]).toMatchObject({ state: 'wartend', step: 0, attempts: 1 });
      expect((await f.runsOf(automation.id))[0]!.error).toMatch(/antwortete mit 503/);
      // Signed as the receiver checks it, and named by the run (the same on every try).
      const [first] = calls;
      const t = /^t=(\d+),/.exec(String(first!.headers['x-fenster-signatur']))![1]!;
      expect(first!.headers['x-fenster-signatur']).toBe(webhookSignature(secret, first!.body, Number(t)));
      expect(first!.headers['x-fenster-lauf']).toBe(String(run!.id));
      // The last try (as the library hands it over after its waits) fails the run for good.
      await expect(f.engine.work(run!.id, jobId, true)).rejects.toThrow(/503/);
      expect(calls).toHaveLength(2);
      expect(calls[1]!.headers['x-fenster-lauf']).toBe(String(run!.id));
      expect((await f.runsOf(automation.id))[0]).toMatchObject({ state: 'fehler', attempts: 2 });
      const log = await resultOf(
        f.t.callEndpoint(ADMIN, listAutomationRuns, {
          query: { automationId: automation.id, offset: 0, limit: 10 },
        }),
      );
      expect(log.rows[0]).toMatchObject({
        state: 'fehler',
        steps: [{ state: 'fehler', error: expect.stringMatching(/503/) }],
      });
      const told = await sql<{ title: string }>`
        SELECT title FROM notification WHERE kind = 'automatisierung' ORDER BY id DESC LIMIT 1`.execute(
        f.t.db,
      );
      expect(told.rows[0]!.title).toBe('Automatisierung „Webhook“: Lauf fehlgeschlagen');
      await f.activate(automation, 'pausiert');
    } finally {
      receiver.close();
    }
  });

  it('a mail goes into the Postausgang by the Werbung/Service rules, sent as the automation', async () => {
    const customer = (
      await f.one(sql<{ id: number }>`
        UPDATE customer SET email = 'kundin@example.at' WHERE id = (SELECT id FROM customer ORDER BY id LIMIT 1 OFFSET 2)
        RETURNING id`)
    ).id;
    await sql`DELETE FROM customer_consent WHERE customer_id = ${customer}`.execute(f.t.db);
    const template = async (name: string) =>
      (await f.one(sql<{ id: number }>`SELECT id FROM text_template WHERE name = ${name}`)).id;
    const automation = await f.create('Post nach Antwort', { kind: 'nps', minScore: 7, maxScore: 8 }, [
      { kind: 'mail', templateId: await template('Einladung Schauraum') },
      { kind: 'mail', templateId: await template('Angebot nachfassen') },
    ]);
    await f.activate(automation);
    const answer = { customerId: customer, score: 8, channel: 'telefon', answeredOn: companyToday(f.zone) };
    expect((await f.t.callEndpoint(ADMIN, saveNpsAnswer, { body: answer })).status).toBe(200);
    await f.settle();
    const [run] = await f.runsOf(automation.id);
    expect(run).toMatchObject({ state: 'fertig' });
    const steps = await sql<{ state: string; detail: string | null }>`
      SELECT state, detail FROM automation_run_step WHERE run_id = ${run!.id} ORDER BY step`.execute(f.t.db);
    // Werbung without consent on record: skipped, with the reason; Service: queued in the Postausgang.
    expect(steps.rows[0]).toMatchObject({
      state: 'uebersprungen',
      detail: expect.stringMatching(/Einwilligung/),
    });
    expect(steps.rows[1]).toMatchObject({ state: 'fertig', detail: 'an kundin@example.at' });
    const mails = await sql<{ subject: string; purpose: string; sender: string; status: string }>`
      SELECT subject, purpose, sender_name AS sender, status FROM sent_mail WHERE customer_id = ${customer}`.execute(
      f.t.db,
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]).toMatchObject({ purpose: 'service', sender: 'Automatik (Post nach Antwort)' });
    await f.activate(automation, 'pausiert');
  });

  it('a survey template goes into the Postausgang with the link masked; the mail that leaves carries it', async () => {
    const customer = (
      await f.one(sql<{ id: number }>`
        UPDATE customer SET email = 'umfrage@example.at' WHERE id = (SELECT id FROM customer ORDER BY id LIMIT 1 OFFSET 3)
        RETURNING id`)
    ).id;
    const { id: templateId } = await f.one(
      sql<{ id: number }>`SELECT id FROM text_template WHERE name = 'Kundenumfrage nach dem Auftrag'`,
    );
    const automation = await f.create('Umfrage nach Antwort', { kind: 'nps', minScore: 9, maxScore: 10 }, [
      { kind: 'mail', templateId },
    ]);
    await f.activate(automation);
    const answer = { customerId: customer, score: 10, channel: 'telefon', answeredOn: companyToday(f.zone) };
    expect((await f.t.callEndpoint(ADMIN, saveNpsAnswer, { body: answer })).status).toBe(200);
    await f.settle();
    const [run] = await f.runsOf(automation.id);
    expect(run).toMatchObject({ state: 'fertig' });
    // Queued with its job (the outbox sends it, with retries and the sender's limit), the link masked in what
    // the Postausgang and the timeline keep; the survey recorded with the mail.
    const queued = await f.one(sql<{
      id: number;
      queued: boolean;
      body: string;
      hash: string;
      sender: string;
    }>`
      SELECT m.id, m.job_id IS NOT NULL AS queued, m.body, m.sender_name AS sender, s.token_hash AS hash
      FROM sent_mail m JOIN nps_survey s ON s.sent_mail_id = m.id WHERE m.customer_id = ${customer}`);
    expect(queued).toMatchObject({ queued: true, sender: 'Automatik (Umfrage nach Antwort)' });
    expect(queued.body).toContain('[persönlicher Umfrage-Link]');
    const left = await mailWhenSent(f.t.db, queued.id);
    expect(left).toMatchObject({ status: 'gesendet', hiddenFills: null });
    expect(left.body).not.toMatch(/\/umfrage\//);
    const token = /\/umfrage\/([A-Za-z0-9_-]{43})/.exec(sentTextOf(left.raw ?? ''))?.[1];
    expect(token && surveyTokenHash(token)).toBe(queued.hash);
    await f.activate(automation, 'pausiert');
  });

  it('refuses other groups (403) and a sales lead another branch’s automation', async () => {
    const everyone = await f.create('Für alle Filialen', { kind: 'nps', minScore: 0, maxScore: 6 }, [
      todoFor('Anrufen'),
    ]);
    const seller = ['APP_KUNDE'];
    const ofEveryone = { params: { id: everyone.id } };
    expect((await f.t.callEndpoint(seller, listAutomations)).status).toBe(403);
    expect((await f.t.callEndpoint(seller, getAutomation, ofEveryone)).status).toBe(403);
    expect(
      (
        await f.t.callEndpoint(seller, setAutomationState, {
          ...ofEveryone,
          body: { state: 'aktiv', version: 1 },
        })
      ).status,
    ).toBe(403);
    const input = {
      name: 'Nicht erlaubt',
      branchId: null,
      runsPerMinute: 500,
      definition: everyone.definition,
    };
    expect((await f.t.callEndpoint(seller, createAutomation, { body: input })).status).toBe(403);
    expect(
      (
        await f.t.callEndpoint(seller, updateAutomation, {
          ...ofEveryone,
          body: { ...input, version: everyone.version },
        })
      ).status,
    ).toBe(403);
    const simulation = { automationId: null, branchId: null, definition: everyone.definition };
    expect((await f.t.callEndpoint(seller, simulateAutomation, { body: simulation })).status).toBe(403);
    expect((await f.t.callEndpoint(seller, getAutomationOptions)).status).toBe(403);
    const ofIt = { query: { automationId: everyone.id } };
    expect((await f.t.callEndpoint(seller, listAutomationRuns, ofIt)).status).toBe(403);
    expect((await f.t.callEndpoint(seller, exportAutomationRuns, ofIt)).status).toBe(403);
    // Nothing of it was saved.
    expect(await f.get(everyone)).toMatchObject({
      name: 'Für alle Filialen',
      state: 'entwurf',
    });
    const branches = (
      await sql<{
        id: number;
        group: string;
      }>`SELECT id, location_group AS group FROM branch ORDER BY id`.execute(f.t.db)
    ).rows;
    const lead = ['APP_ADMIN_VERKAUF', 'APP_KUNDE', branches[0]!.group];
    // A sales lead sees only the automations of the branch they lead, and cannot change one for all branches.
    expect((await f.t.callEndpoint(lead, getAutomation, ofEveryone)).status).toBe(403);
    const other = await f.create(
      'Andere Filiale',
      { kind: 'nps', minScore: 0, maxScore: 6 },
      [todoFor('Anrufen')],
      {
        branchId: branches[1]!.id,
      },
    );
    expect((await f.t.callEndpoint(lead, getAutomation, { params: { id: other.id } })).status).toBe(403);
    const own = await f.create(
      'Eigene Filiale',
      { kind: 'nps', minScore: 0, maxScore: 6 },
      [todoFor('Anrufen')],
      {
        branchId: branches[0]!.id,
      },
    );
    expect((await f.t.callEndpoint(lead, getAutomation, { params: { id: own.id } })).status).toBe(200);
    const listed = await resultOf(f.t.callEndpoint(lead, listAutomations));
    expect(listed.map((automation) => automation.id)).toEqual([own.id]);
    expect((await f.t.callEndpoint(ADMIN, listAutomations)).status).toBe(200);
  });
});

/** A waiting run of the automation and its job's id; no worker holds the job (only the test claims or counts it). */
async function waitingRun(db: Database, automationId: number, key: string) {
  const { rows } = await sql<{ id: number; jobId: string }>`
    INSERT INTO automation_run (automation_id, version_id, dedupe_key, customer_id, occurrence, chain)
    SELECT ${automationId}, v.id, ${key}, (SELECT id FROM customer ORDER BY id LIMIT 1), 'Test', ARRAY[${automationId}::int]
    FROM (SELECT max(id) AS id FROM automation_version WHERE automation_id = ${automationId}) v
    RETURNING id::int, job_id AS "jobId"`.execute(db);
  return rows[0]!;
}

/** Two waiting runs of the automation (keys `key`1 and `key`2), as `waitingRun` makes them. */
const twoWaitingRuns = async (db: Database, automationId: number, key: string) => [
  await waitingRun(db, automationId, `${key}1`),
  await waitingRun(db, automationId, `${key}2`),
];
