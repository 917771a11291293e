import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { companyToday } from '../../../src/config/companyTime';
import { connectionStringOf } from '../../../server/platform/db/database';
import { saveNpsAnswer } from '../../../src/resources/nps/nps.endpoints';
import { ADMIN, automationFixture, CALLER_OID, type AutomationFixture } from './automationFixture';

const ANSWERS = 40;

/** Two instances over one database: every run is made once and worked once, whichever instance takes it. */
describe('automation runs across two instances', () => {
  let a: AutomationFixture;
  let b: AutomationFixture;

  beforeAll(async () => {
    a = await automationFixture({ customers: 10 });
    b = await automationFixture({ databaseUrl: connectionStringOf(a.t.db), instanceName: 'instanz-b' });
  });
  afterAll(async () => {
    await b?.t.close();
    await a?.t.close();
  });

  it('claims each run once: one notification per run, each run worked by one instance on its first try', async () => {
    const me = (await a.one(sql<{ id: number }>`SELECT id FROM app_user WHERE azure_oid = ${CALLER_OID}`)).id;
    const automation = await a.create('Jede Antwort melden', { kind: 'nps', minScore: 0, maxScore: 10 }, [
      {
        kind: 'benachrichtigung',
        recipients: [{ role: 'person', userId: me }],
        text: 'Neue Antwort: {{Kunde}}',
      },
    ]);
    await a.activate(automation);
    const workedOnA = vi.spyOn(a.engine, 'work');
    const workedOnB = vi.spyOn(b.engine, 'work');
    const customers = (
      await sql<{ id: number }>`SELECT id FROM customer ORDER BY id LIMIT ${ANSWERS}`.execute(a.t.db)
    ).rows;
    for (const [index, customer] of customers.entries()) {
      // Half the answers arrive through each instance.
      const via = index % 2 ? b : a;
      const answer = {
        customerId: customer.id,
        score: index % 11,
        channel: 'telefon',
        answeredOn: companyToday(a.zone),
      };
      expect((await via.t.callEndpoint(ADMIN, saveNpsAnswer, { body: answer })).status).toBe(200);
    }
    // Neither test instance's events are matched by hand: each instance's look for events and the jobs do it.
    for (let i = 0; i < 400; i++) {
      const { done } = await a.one(sql<{ done: number }>`
        SELECT count(*)::int AS done FROM automation_run WHERE automation_id = ${automation.id} AND state = 'fertig'`);
      if (done === customers.length) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const runs = await a.runsOf(automation.id);
    expect(runs).toHaveLength(customers.length);
    expect(runs.every((run) => run.state === 'fertig' && run.attempts === 1)).toBe(true);
    const { notes } = await a.one(sql<{ notes: number }>`
      SELECT count(*)::int AS notes FROM notification WHERE user_id = ${me} AND title LIKE 'Neue Antwort:%'`);
    expect(notes).toBe(customers.length);
    const worked = [...workedOnA.mock.calls, ...workedOnB.mock.calls].map(([runId]) => runId);
    expect(worked.sort((x, y) => x - y)).toEqual(runs.map((run) => run.id));
  });
});
