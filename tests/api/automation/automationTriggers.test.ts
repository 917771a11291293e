import { sql } from 'kysely';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyToday, startOfCompanyDay } from '../../../src/config/companyTime';
import { daysDueWithin } from '../../../server/automation/workingDays';
import { getTimelineForCustomer } from '../../../src/resources/customers/timeline/timeline.endpoints';
import { getSyncStatus, startSync } from '../../../src/resources/sync/sync.endpoints';
import {
  getTimelineForVorgang,
  setCustomStatusForVorgang,
} from '../../../src/resources/vorgaenge/vorgang.endpoints';
import { saveNpsAnswer } from '../../../src/resources/nps/nps.endpoints';
import { resultOf } from '../../support/testApp';
import { ADMIN, automationFixture, todoFor, type AutomationFixture } from './automationFixture';
import { sendOfferLink } from './offerLinks';

const BELEG_HEADER = 'belegnummer;belegart;datum;vorgangsnummer;kundennummer;bezeichnung;netto;brutto;status';

/** Each trigger fires for the records it should, once, and not for those a condition or its own test excludes. */
describe('automation triggers', () => {
  let f: AutomationFixture;
  let statuses: { id: number; name: string }[];

  /** A moment of the company day `day` (10:00 in the tenant's zone). */
  const onDay = (day: string) => new Date(startOfCompanyDay(day, f.zone).getTime() + 10 * 3_600_000);
  /** The last-activity day from which 7 working days end today (in Austria). */
  const idleSince = (workingDays: number) => daysDueWithin(f.today(), f.today(), workingDays, 'AT')!.from;

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

  it('no activity for 7 working days: Simulieren lists exactly the Vorgänge a real run then gives a todo, once', async () => {
    const due = await f.vorgang({ lastActivityAt: onDay(idleSince(7)) });
    // One working day less idle: not yet due.
    const notYet = await f.vorgang({
      lastActivityAt: onDay(daysDueWithin(f.today(), f.today(), 6, 'AT')!.to),
    });
    // Idle as long, but not open (invoiced): not an open Vorgang.
    const closed = await f.vorgang({ status: 'rechnung', lastActivityAt: onDay(idleSince(7)) });
    const automation = await f.create(
      'Angebot nachfassen',
      { kind: 'inaktiv', workingDays: 7 },
      [todoFor('Angebot nachfassen: {{Vorgang}}', 2)],
      { conditions: { vorgangStatuses: ['angebot', 'rechnung'] } },
    );

    const simulated = await f.simulate({
      automationId: automation.id,
      branchId: null,
      definition: automation.definition,
    });
    const listed = simulated.records.map((record) => record.vorgangId);
    expect(listed).toContain(due);
    expect(listed).not.toContain(notYet);
    expect(listed).not.toContain(closed);
    expect(simulated.records.find((record) => record.vorgangId === due)!.steps[0]!.preview).toMatch(
      /^Todo „Angebot nachfassen: AU-/,
    );
    // Simulieren wrote nothing.
    expect(await f.runsOf(automation.id)).toEqual([]);

    // Activating sweeps at once (a job); the test's own sweep makes whatever that one has not yet.
    await f.activate(automation);
    await f.sweep();
    await f.settle();
    expect(simulated.total).toBe(listed.length);
    const runs = await f.runsOf(automation.id);
    expect(runs.map((run) => run.vorgangId).sort()).toEqual([...listed].sort());
    expect(runs.every((run) => run.state === 'fertig')).toBe(true);
    const todos = await sql<{
      vorgangId: number;
      note: string;
      userName: string;
      done: boolean;
      updatedBy: string;
    }>`
      SELECT a.vorgang_id AS "vorgangId", a.note, u.name AS "userName", a.done, a.updated_by AS "updatedBy"
      FROM activity a JOIN app_user u ON u.id = a.user_id
      WHERE a.vorgang_id = ANY (${listed}::int[])`.execute(f.t.db);
    expect(todos.rows.map((todo) => todo.vorgangId).sort()).toEqual([...listed].sort());
    expect(todos.rows[0]).toMatchObject({
      userName: 'Test Person',
      done: false,
      updatedBy: 'Automatik (Angebot nachfassen)',
    });

    // The Vorgang's and the customer's timelines say what the automation did, in its name.
    const automatic = (items: { kind: string; author: string | null; details: Record<string, unknown> }[]) =>
      items.filter((item) => item.kind === 'automatik').map((item) => [item.author, item.details.summary]);
    const expected = [
      'Automatik (Angebot nachfassen)',
      expect.stringMatching(/^Todo „Angebot nachfassen: AU-.*“ angelegt$/),
    ];
    const vorgangTimeline = await resultOf(
      f.t.callEndpoint(ADMIN, getTimelineForVorgang, { params: { id: due }, query: {} }),
    );
    expect(automatic(vorgangTimeline.items)).toEqual([expected]);
    const customerId = (
      await f.one(sql<{ id: number }>`SELECT customer_id AS id FROM vorgang WHERE id = ${due}`)
    ).id;
    const customerTimeline = await resultOf(
      f.t.callEndpoint(ADMIN, getTimelineForCustomer, { params: { id: customerId }, query: {} }),
    );
    expect(automatic(customerTimeline.items)).toContainEqual(expected);

    // The next sweep makes no second run for the same idle spell.
    expect(await f.sweep()).toBe(0);
  });

  it('Eigener Status from → to fires for that transition only, and not for a customer a condition excludes', async () => {
    const [erstkontakt, aufmass, nachfassen] = [statuses[0]!, statuses[1]!, statuses[3]!];
    const automation = await f.create(
      'Aufmaß planen',
      { kind: 'eigenerStatus', fromStatusId: erstkontakt.id, toStatusId: aufmass.id },
      [todoFor('Aufmaß vereinbaren', 1)],
      { conditions: { customerTypes: ['privat', 'gewerbe'] } },
    );
    await f.activate(automation);
    const move = async (vorgangId: number, customStatusId: number) => {
      const { version } = await f.one(
        sql<{ version: number }>`SELECT version FROM vorgang WHERE id = ${vorgangId}`,
      );
      await resultOf(
        f.t.callEndpoint(ADMIN, setCustomStatusForVorgang, { body: { vorgangId, customStatusId, version } }),
      );
    };
    const matching = await f.vorgang({ customStatusId: erstkontakt.id });
    const fromElsewhere = await f.vorgang({ customStatusId: nachfassen.id });
    const dealer = await f.one(sql<{ id: number }>`
      UPDATE customer SET customer_type = 'haendler'
      WHERE id = (SELECT id FROM customer ORDER BY id DESC LIMIT 1) RETURNING id`);
    const ofDealer = await f.vorgang({ customStatusId: erstkontakt.id, customerId: dealer.id });
    await move(matching, aufmass.id);
    await move(fromElsewhere, aufmass.id);
    await move(ofDealer, aufmass.id);
    await f.settle();
    const runs = await f.runsOf(automation.id);
    expect(runs.map((run) => run.vorgangId)).toEqual([matching]);
    expect(runs[0]).toMatchObject({
      state: 'fertig',
      occurrence: `Eigener Status: ${erstkontakt.name} → ${aufmass.name}`,
    });
  });

  it('a Beleg from the Datenabgleich: a Rechnung fires (its run waits 14 days), an Angebot does not', async () => {
    const automation = await f.create(
      'Umfrage nach Rechnung',
      { kind: 'beleg', belegTypes: ['rechnung'], waitDays: 14, waitUnit: 'kalendertage' },
      [todoFor('Umfrage prüfen', 1)],
    );
    await f.activate(automation);
    const customer = await f.one(sql<{ id: number; number: string }>`
      UPDATE customer SET customer_number = 'AUTO-1' WHERE id = (SELECT id FROM customer ORDER BY id LIMIT 1)
      RETURNING id, customer_number AS number`);
    await writeFile(
      path.join(f.t.importDir, 'belege.csv'),
      [
        BELEG_HEADER,
        `AN-AUTO-1;Angebot;02.11.2026;VA-1;${customer.number};Fenster;1.000,00;1.200,00;offen`,
        `RE-AUTO-1;Rechnung;20.11.2026;VA-1;${customer.number};Fenster;1.000,00;1.200,00;offen`,
      ].join('\n') + '\n',
      { flag: 'w' },
    ).catch(async () => {
      const { mkdir } = await import('node:fs/promises');
      await mkdir(f.t.importDir, { recursive: true });
      await writeFile(
        path.join(f.t.importDir, 'belege.csv'),
        [
          BELEG_HEADER,
          `AN-AUTO-1;Angebot;02.11.2026;VA-1;${customer.number};Fenster;1.000,00;1.200,00;offen`,
          `RE-AUTO-1;Rechnung;20.11.2026;VA-1;${customer.number};Fenster;1.000,00;1.200,00;offen`,
        ].join('\n') + '\n',
      );
    });
    expect((await f.t.callEndpoint(ADMIN, startSync, { query: { logging: false } })).status).toBe(200);
    for (let i = 0; i < 200; i++) {
      const { run } = await resultOf(f.t.callEndpoint(ADMIN, getSyncStatus));
      if (run && run.state !== 'laeuft') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await f.match();
    const runs = await f.runsOf(automation.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.occurrence).toBe('Rechnung RE-AUTO-1 eingegangen');
    const { dueDay } = await f.one(sql<{ dueDay: string }>`
      SELECT to_char(due_at AT TIME ZONE ${f.zone}, 'YYYY-MM-DD HH24:MI') AS "dueDay" FROM automation_run WHERE id = ${runs[0]!.id}`);
    const { addCompanyDays } = await import('../../../src/config/companyTime');
    expect(dueDay).toBe(`${addCompanyDays(f.today(), 14)} 07:00`);
    expect(runs[0]!.state).toBe('wartend');
  });

  it('N working days after "Angebot gesendet" fires on its day', async () => {
    const sentOn = daysDueWithin(f.today(), f.today(), 3, 'AT')!.to;
    const due = await f.vorgang({ firstOfferDate: sentOn });
    const early = await f.vorgang({ firstOfferDate: f.today() });
    const automation = await f.create(
      'Nach dem Angebot anrufen',
      { kind: 'datum', field: 'angebotGesendet', offsetWorkingDays: 3 },
      [todoFor('Anrufen', 0)],
    );
    await f.activate(automation);
    await f.sweep();
    const runs = await f.runsOf(automation.id);
    expect(runs.map((run) => run.vorgangId)).toContain(due);
    expect(runs.map((run) => run.vorgangId)).not.toContain(early);
  });

  it('an NPS answer in the score band fires, one outside it does not', async () => {
    const automation = await f.create('Kritiker anrufen', { kind: 'nps', minScore: 0, maxScore: 6 }, [
      todoFor('Kritiker anrufen', 2, 'betreuer'),
    ]);
    await f.activate(automation);
    const customer = (await f.one(sql<{ id: number }>`SELECT id FROM customer ORDER BY id LIMIT 1`)).id;
    const save = (score: number) =>
      f.t.callEndpoint(ADMIN, saveNpsAnswer, {
        body: { customerId: customer, score, channel: 'telefon', answeredOn: companyToday(f.zone) },
      });
    expect((await save(3)).status).toBe(200);
    expect((await save(9)).status).toBe(200);
    await f.settle();
    const runs = await f.runsOf(automation.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ occurrence: 'NPS-Antwort 3', customerId: customer });
  });
  it('an answer on an online offer fires for the answers chosen, once each; Simulieren lists the same', async () => {
    const automation = await f.create(
      'Angebot angenommen: Auftrag anlegen',
      { kind: 'angebotOnline', answers: ['angenommen', 'rueckfrage'] },
      [todoFor('Auftrag im ERP anlegen: {{Vorgang}}', 0)],
    );
    await f.activate(automation);
    const accepted = await f.vorgang({ status: 'angebot' });
    const declined = await f.vorgang({ status: 'angebot' });
    const today = f.today();
    const acceptedLink = await sendOfferLink(f, accepted, {
      sentDay: today,
      validUntil: today,
      openCount: 2,
    });
    const declinedLink = await sendOfferLink(f, declined, { sentDay: today, validUntil: today });
    // As the public offer page writes them: openings and code mails start nothing, nor an answer not chosen.
    const answer = (linkId: number, kind: string, message: string | null = null) =>
      f.t.db.insertInto('offer_link_event').values({ offer_link_id: linkId, kind, message }).execute();
    await answer(acceptedLink, 'geoeffnet');
    await answer(acceptedLink, 'code_gesendet');
    await answer(acceptedLink, 'rueckfrage', 'Geht auch Anthrazit?');
    await answer(acceptedLink, 'angenommen', 'von Erika Mustermann');
    await answer(declinedLink, 'abgelehnt', 'Zu teuer');
    await f.settle();
    const { belegNumber } = await f.one(sql<{ belegNumber: string }>`SELECT b.beleg_number AS "belegNumber"
      FROM offer_link l JOIN beleg b ON b.id = l.beleg_id WHERE l.id = ${acceptedLink}`);
    const runs = await f.runsOf(automation.id);
    // One run per answer (their order within one match is the database's).
    expect(runs.map((run) => [run.vorgangId, run.occurrence, run.state]).sort()).toEqual([
      [accepted, `Angebot ${belegNumber} online angenommen`, 'fertig'],
      [accepted, `Angebot ${belegNumber}: Rückfrage des Kunden`, 'fertig'],
    ]);
    const todos = await f.one(sql<{ n: number }>`SELECT count(*)::int AS n FROM activity
      WHERE vorgang_id = ${accepted} AND note LIKE 'Auftrag im ERP anlegen:%'`);
    expect(todos.n).toBe(2);
    // The answers are matched once: matching again makes no second run.
    await f.settle();
    expect(await f.runsOf(automation.id)).toHaveLength(2);

    // Simulieren of the same definition as a new draft replays the recent answers alike.
    const simulated = await f.simulate({
      automationId: null,
      branchId: null,
      definition: automation.definition,
    });
    expect(simulated.records.filter((record) => record.vorgangId === accepted)).toHaveLength(2);
    expect(simulated.records.map((record) => record.vorgangId)).not.toContain(declined);
  });

  it('Simulieren of a paused automation lists the missed days its activation catches up on', async () => {
    // Went live on Monday, paused; on Wednesday a Vorgang that became due on Tuesday waits.
    f.setClock(onDay('2026-11-30'));
    const automation = await f.create(
      'Nachfassen nach Pause',
      { kind: 'inaktiv', workingDays: 7 },
      [todoFor('Nach der Pause nachfassen', 1)],
      { conditions: { minAmountCents: 7_777_700, maxAmountCents: 7_777_700 } },
    );
    await f.activate(automation);
    await f.activate(automation, 'pausiert');
    f.setClock(onDay('2026-12-02'));
    try {
      const tuesday = daysDueWithin('2026-12-01', '2026-12-01', 7, 'AT')!.from;
      const missed = await f.vorgang({ lastActivityAt: onDay(tuesday), netTotalCents: 7_777_700 });
      const simulated = await f.simulate({
        automationId: automation.id,
        branchId: null,
        definition: automation.definition,
      });
      expect(simulated.records.map((record) => record.vorgangId)).toEqual([missed]);
      expect(simulated.scope).toMatch(/^Fällig vom 30\.11\.2026 bis heute/);
      // Activated again, the sweep makes exactly that run.
      await f.activate(automation);
      await f.sweep();
      await f.settle();
      expect((await f.runsOf(automation.id)).map((run) => run.vorgangId)).toEqual([missed]);
    } finally {
      f.setClock(new Date('2026-12-02T09:00:00Z'));
    }
  });
});
