import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyDays, startOfCompanyDay } from '../../../src/config/companyTime';
import { getOfferCadence, stopOfferCadence } from '../../../src/resources/automation/offerCadence.endpoints';
import { resultOf } from '../../support/testApp';
import { isWorkingDay } from '../../../server/automation/workingDays';
import { sweepTimeTriggers } from '../../../server/automation/makeRuns';
import { ADMIN, automationFixture, type AutomationFixture } from './automationFixture';
import { addOrderConfirmation, decideOfferLink, sendOfferLink } from './offerLinks';

/** A seller: may edit Vorgänge, not the automations. */
const SELLER = ['APP_KUNDE'];

/**
 * The online offer's follow-up cadence (the starter recipes "Online-Angebot 1/5: …") on the engine's fake clock in
 * Austria: sent on Thursday 03.12.2026, Tuesday 08.12. (Mariä Empfängnis) is no working day, so T+3 is 09.12.,
 * T+5 11.12., T+7 15.12.; Gültig bis 22.12.: "läuft ab" on 17.12., "abgelaufen" on 23.12.
 */
describe('online offer follow-up cadence', () => {
  let f: AutomationFixture;
  let recipes: Map<number, string>;
  const SENT = '2026-12-03';
  const VALID_UNTIL = '2026-12-22';

  const onDay = (day: string) => new Date(startOfCompanyDay(day, f.zone).getTime() + 10 * 3_600_000);

  /** The recipe of each cadence run of `links`, with the first day it was there (links × recipe → day). */
  const firstSeen = new Map<string, string>();
  const record = async (day: string) => {
    const { rows } = await sql<{ key: string; link: number }>`
      SELECT a.recipe_key AS key, r.offer_link_id AS link FROM automation_run r JOIN automation a ON a.id = r.automation_id
      WHERE r.offer_link_id IS NOT NULL`.execute(f.t.db);
    for (const row of rows) {
      const key = `${row.link}:${row.key}`;
      if (!firstSeen.has(key)) firstSeen.set(key, day);
    }
  };
  /** Sweeps and works the runs each day from `from` to `to` (10:00), as the periodic job would. */
  const walk = async (from: string, to: string, before?: (day: string) => Promise<void>) => {
    for (let day = from; day <= to; day = addCompanyDays(day, 1)) {
      f.setClock(onDay(day));
      await before?.(day);
      await f.sweep();
      await f.settle();
      await record(day);
    }
  };
  const stepsOf = (link: number) =>
    Object.fromEntries(
      [...firstSeen.entries()]
        .filter(([key]) => key.startsWith(`${link}:`))
        .map(([key, day]) => [key.slice(String(link).length + 1), day]),
    );
  const cadence = (vorgangId: number, groups = SELLER) =>
    resultOf(f.t.callEndpoint(groups, getOfferCadence, { params: { id: vorgangId } }));
  const stop = (vorgangId: number, groups = SELLER) =>
    f.t.callEndpoint(groups, stopOfferCadence, { body: { vorgangId } });

  beforeAll(async () => {
    f = await automationFixture();
    // The recipes are installed as drafts at the start; the tenant switches them on before the offers go out.
    const { rows } = await sql<{ id: number; key: string }>`
      SELECT id, recipe_key AS key FROM automation WHERE recipe_key LIKE 'online-angebot-%' ORDER BY id`.execute(
      f.t.db,
    );
    recipes = new Map(rows.map((row) => [row.id, row.key]));
    expect([...recipes.values()].sort()).toEqual([
      'online-angebot-abgelaufen',
      'online-angebot-anrufen',
      'online-angebot-geoeffnet',
      'online-angebot-laeuft-ab',
      'online-angebot-nachfassen',
    ]);
    f.setClock(onDay('2026-12-01'));
    for (const id of recipes.keys()) await f.activate({ id });
  });
  afterAll(() => f.t.close());

  it('each step fires on its working day (a holiday between), the opened/unopened steps only for theirs', async () => {
    expect(isWorkingDay('2026-12-08', 'AT')).toBe(false);
    const unopenedVorgang = await f.vorgang();
    const openedVorgang = await f.vorgang();
    const unopened = await sendOfferLink(f, unopenedVorgang, { sentDay: SENT, validUntil: VALID_UNTIL });
    const opened = await sendOfferLink(f, openedVorgang, {
      sentDay: SENT,
      validUntil: VALID_UNTIL,
      openCount: 2,
    });
    // The Vorgang page shows the next step before it comes.
    await walk(SENT, '2026-12-04');
    expect((await cadence(unopenedVorgang)).nextStep).toEqual({
      name: 'Online-Angebot 1/5: nachfassen',
      day: '2026-12-09',
    });

    await walk('2026-12-05', '2026-12-24');
    expect(stepsOf(unopened)).toEqual({
      'online-angebot-nachfassen': '2026-12-09',
      'online-angebot-anrufen': '2026-12-11',
      'online-angebot-laeuft-ab': '2026-12-17',
      'online-angebot-abgelaufen': '2026-12-23',
    });
    expect(stepsOf(opened)).toEqual({
      'online-angebot-nachfassen': '2026-12-09',
      'online-angebot-geoeffnet': '2026-12-15',
      'online-angebot-laeuft-ab': '2026-12-17',
      'online-angebot-abgelaufen': '2026-12-23',
    });
    // What the steps did: todos for the Verkäufer, the notifications, all runs done.
    const { rows: todos } = await sql<{ note: string; due: string }>`
      SELECT note, to_char(due_date, 'YYYY-MM-DD') AS due FROM activity WHERE vorgang_id = ${unopenedVorgang}
      ORDER BY due_date, id`.execute(f.t.db);
    expect(todos.map((todo) => todo.due)).toEqual(['2026-12-09', '2026-12-11', '2026-12-23']);
    expect(todos[1]!.note).toMatch(/^Anrufen: .+ hat das Angebot noch nicht geöffnet$/);
    const { rows: states } = await sql<{ state: string }>`
      SELECT DISTINCT state FROM automation_run WHERE offer_link_id IN (${unopened}, ${opened})`.execute(
      f.t.db,
    );
    expect(states).toEqual([{ state: 'fertig' }]);
    // The todos tell their person too; the cadence's own notifications are the two about Gültig bis.
    const { rows: told } = await sql<{ text: string }>`
      SELECT title || ' ' || coalesce(body, '') AS text FROM notification WHERE vorgang_id = ${unopenedVorgang}
      ORDER BY id`.execute(f.t.db);
    expect(told.map((row) => row.text).filter((text) => / Angebot zu /.test(text))).toEqual([
      expect.stringMatching(/läuft in 3 Arbeitstagen ab\./),
      expect.stringMatching(/ist abgelaufen: als verloren markieren\?/),
    ]);
    // Expired: the page offers "Als verloren markieren" (no step left; still followed up, not lost by itself).
    const expired = await cadence(unopenedVorgang);
    expect(expired).toMatchObject({ expired: true, nextStep: null, stopReason: null, canStop: true });
    const vorgang = await f.t.db
      .selectFrom('vorgang')
      .select('system_status')
      .where('id', '=', unopenedVorgang)
      .executeTakeFirstOrThrow();
    expect(vorgang.system_status).toBe('angebot');
  });

  it('acceptance, decline, withdrawal, a newer offer, an Auftragsbestätigung and "Nachfassen beenden" stop the later steps', async () => {
    const stops = [
      'angenommen',
      'abgelehnt',
      'zurueckgezogen',
      'ersetzt',
      'auftragsbestaetigung',
      'beenden',
    ] as const;
    const vorgaenge = new Map<string, number>();
    const links = new Map<string, number>();
    for (const stop of [...stops, 'ohne']) {
      const vorgangId = await f.vorgang();
      vorgaenge.set(stop, vorgangId);
      links.set(stop, await sendOfferLink(f, vorgangId, { sentDay: SENT, validUntil: '2027-01-29' }));
    }
    firstSeen.clear();
    let newer = 0;
    let simulated: number[] = [];
    await walk(SENT, '2026-12-18', async (day) => {
      if (day === '2026-12-10') {
        // After the first step, before "Anrufen" (11.12.).
        for (const stop of ['angenommen', 'abgelehnt', 'zurueckgezogen', 'ersetzt'] as const) {
          await decideOfferLink(f, links.get(stop)!, stop);
        }
        newer = await sendOfferLink(f, vorgaenge.get('ersetzt')!, { sentDay: day, validUntil: '2027-01-29' });
        await addOrderConfirmation(f, vorgaenge.get('auftragsbestaetigung')!, day);
        const stopped = await resultOf(stop(vorgaenge.get('beenden')!));
        expect(stopped).toMatchObject({
          nextStep: null,
          canStop: false,
          stopReason: 'Nachfassen beendet von Test Person.',
        });
      }
      if (day === '2026-12-11') {
        // Simulieren of "Anrufen" lists the unopened offer still followed up, none of the stopped ones.
        const anrufen = [...recipes].find(([, key]) => key === 'online-angebot-anrufen')![0];
        const detail = await f.get({ id: anrufen });
        const answer = await f.simulate({
          automationId: anrufen,
          branchId: null,
          definition: detail.definition,
        });
        simulated = answer.records.map((row) => row.vorgangId!);
      }
    });
    for (const stop of stops) {
      expect(stepsOf(links.get(stop)!), stop).toEqual({ 'online-angebot-nachfassen': '2026-12-09' });
    }
    expect(stepsOf(links.get('ohne')!)).toEqual({
      'online-angebot-nachfassen': '2026-12-09',
      'online-angebot-anrufen': '2026-12-11',
    });
    // The newer offer has a cadence of its own: T+3 from 10.12. is 15.12., T+5 17.12.
    expect(stepsOf(newer)).toEqual({
      'online-angebot-nachfassen': '2026-12-15',
      'online-angebot-anrufen': '2026-12-17',
    });
    const ours = [...vorgaenge.values()];
    expect(simulated.filter((id) => ours.includes(id))).toEqual([vorgaenge.get('ohne')]);
    // The page: why it ended.
    expect((await cadence(vorgaenge.get('angenommen')!)).stopReason).toBe('Das Angebot wurde angenommen.');
    expect((await cadence(vorgaenge.get('auftragsbestaetigung')!)).stopReason).toBe(
      'Die Auftragsbestätigung ist eingegangen.',
    );
    // "Nachfassen beenden" is in the Vorgang's Änderungsverlauf, by the seller.
    const { rows: changes } = await sql<{ actor: string; changes: Record<string, unknown> }>`
      SELECT actor_name AS actor, changes FROM change_record
      WHERE area = 'vorgang' AND record_id = ${vorgaenge.get('beenden')!}`.execute(f.t.db);
    expect(changes).toEqual([
      {
        actor: 'Test Person',
        changes: { nachfassen: { old: 'läuft', new: 'beendet (Angebot vom 03.12.2026)' } },
      },
    ]);
  });

  it('a run already made does not act once the follow-up stopped: neither its first step nor a later one', async () => {
    const expiring = [...recipes].find(([, key]) => key === 'online-angebot-abgelaufen')![0];
    const first = await f.vorgang();
    const later = await f.vorgang();
    const firstLink = await sendOfferLink(f, first, { sentDay: SENT, validUntil: '2027-01-15' });
    const laterLink = await sendOfferLink(f, later, { sentDay: SENT, validUntil: '2027-01-15' });
    // Gültig bis Friday 15.01.2027: "abgelaufen" (two steps: todo, notification) is due on Monday 18.01. Its runs
    // are made and held (parked, as a pause leaves them) in the sweep's transaction, so none acts before the stop.
    f.setClock(onDay('2027-01-18'));
    const links = [firstLink, laterLink];
    await f.t.db.transaction().execute(async (trx) => {
      await sweepTimeTriggers(trx, f.t.app.jobs, f.zone, onDay('2027-01-18'));
      await sql`UPDATE automation_run SET job_id = NULL WHERE offer_link_id = ANY (${links}::int[])`.execute(
        trx,
      );
    });
    await f.activate({ id: expiring }, 'pausiert');
    const { rows: runs } = await sql<{ id: number; link: number }>`
      SELECT id::int, offer_link_id AS link FROM automation_run
      WHERE automation_id = ${expiring} AND offer_link_id = ANY (${links}::int[])`.execute(f.t.db);
    expect(runs).toHaveLength(2);
    // One run waits before its first step, the other did its todo and waits for the notification (a retry).
    const laterRun = runs.find((run) => run.link === laterLink)!.id;
    await sql`UPDATE automation_run SET step = 1 WHERE id = ${laterRun}`.execute(f.t.db);
    await decideOfferLink(f, firstLink, 'angenommen');
    expect((await stop(later)).status).toBe(200);
    await f.activate({ id: expiring });
    await f.settle();
    const { rows: ended } = await sql<{ state: string; error: string; steps: number }>`
      SELECT r.state, r.error, (SELECT count(*)::int FROM automation_run_step s WHERE s.run_id = r.id) AS steps
      FROM automation_run r WHERE r.id = ANY (${runs.map((run) => run.id)}::bigint[]) ORDER BY r.offer_link_id`.execute(
      f.t.db,
    );
    expect(ended).toEqual([
      { state: 'uebersprungen', error: 'Kein weiteres Nachfassen: Das Angebot wurde angenommen.', steps: 0 },
      {
        state: 'uebersprungen',
        error: 'Kein weiteres Nachfassen: Nachfassen beendet von Test Person.',
        steps: 0,
      },
    ]);
    const { rows: told } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM notification WHERE vorgang_id IN (${first}, ${later})`.execute(f.t.db);
    expect(told[0]!.n).toBe(0);
  });

  it('a decision committed while a step is being worked ends the run: the step waits for it and writes nothing', async () => {
    const vorgangId = await f.vorgang();
    const link = await sendOfferLink(f, vorgangId, { sentDay: '2027-02-01', validUntil: '2027-03-31' });
    f.setClock(onDay('2027-02-04'));
    // The customer accepts in a transaction that commits only after the sweep made the run and its worker
    // passed the check before the step (the acceptance is not visible yet): the step's own check waits for it.
    await f.t.db.transaction().execute(async (trx) => {
      await trx.updateTable('offer_link').set({ state: 'angenommen' }).where('id', '=', link).execute();
      await f.sweep();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    });
    await f.settle();
    const { rows } = await sql<{ state: string; error: string | null }>`
      SELECT state, error FROM automation_run WHERE offer_link_id = ${link}`.execute(f.t.db);
    expect(rows).toEqual([
      { state: 'uebersprungen', error: 'Kein weiteres Nachfassen: Das Angebot wurde angenommen.' },
    ]);
    const { rows: todos } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM activity WHERE vorgang_id = ${vorgangId}`.execute(f.t.db);
    expect(todos[0]!.n).toBe(0);
  });

  it('the seller side refuses other groups (403); an unknown Vorgang is 404, nothing to stop 400', async () => {
    const vorgangId = await f.vorgang();
    for (const groups of [['APP_NPS'], ['APP_DATEIEN'], ['APP_ADMIN']]) {
      const read = await f.t.callEndpoint(groups, getOfferCadence, { params: { id: vorgangId } });
      expect(read.status).toBe(403);
      expect((await stop(vorgangId, groups)).status).toBe(403);
    }
    expect((await f.t.callEndpoint(SELLER, getOfferCadence, { params: { id: 99999999 } })).status).toBe(404);
    expect((await stop(99999999)).status).toBe(404);
    const nothing = await stop(vorgangId);
    expect(nothing.status).toBe(400);
    expect(nothing.message).toBe('Für diesen Vorgang läuft kein Nachfassen.');
    expect(await cadence(vorgangId, ADMIN)).toMatchObject({ sentAt: null, nextStep: null, canStop: false });
  });
});
