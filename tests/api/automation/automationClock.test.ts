import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationFixture, todoFor, type AutomationFixture } from './automationFixture';

/**
 * "No activity for 1 working day" with the engine's clock moved over the nights the clocks change (Europe/Vienna
 * and Europe/Berlin) and over a public holiday of one country but not the other: the company's day and the
 * last activity's day are the tenant's, the holidays its country's.
 */
describe.each([
  // Austria's Nationalfeiertag (26.10.) is a working day in Germany.
  { tenant: 'strussnig', zone: 'Europe/Vienna', autumnDueOn: '27.10.' },
  { tenant: 'rekord', zone: 'Europe/Berlin', autumnDueOn: '26.10.' },
] as const)('the working-day clock of $tenant ($zone)', ({ tenant, zone, autumnDueOn }) => {
  let f: AutomationFixture;

  beforeAll(async () => {
    f = await automationFixture({ tenant });
  });
  afterAll(() => f.t.close());

  /** A fresh idle-for-1-working-day automation, activated at the clock's moment; answers its runs' Vorgänge. */
  const idleRuns = async (name: string, at: string, vorgaenge: number[]) => {
    f.setClock(new Date(at));
    const automation = await f.create(name, { kind: 'inaktiv', workingDays: 1 }, [todoFor('Nachfassen', 1)]);
    await f.activate(automation);
    await f.sweep();
    return (await f.runsOf(automation.id))
      .map((run) => run.vorgangId)
      .filter((id) => vorgaenge.includes(id!));
  };

  it('spring and Easter Monday: idle since Friday 00:30 is due on Tuesday 00:30 after the clocks went forward', async () => {
    expect(f.zone).toBe(zone);
    // Friday 26.03.2027 00:30 CET (Thursday in UTC).
    const fridayNight = await f.vorgang({ lastActivityAt: new Date('2027-03-25T23:30:00Z') });
    // Tuesday 30.03.2027 00:10 CEST (Monday in UTC): idle for no working day yet.
    const tuesdayNight = await f.vorgang({ lastActivityAt: new Date('2027-03-29T22:10:00Z') });
    const both = [fridayNight, tuesdayNight];
    // Monday 29.03.2027 00:30 CEST is Easter Monday (Sunday 22:30 in UTC): nothing is due.
    expect(await idleRuns('Ostermontag', '2027-03-28T22:30:00Z', both)).toEqual([]);
    // Tuesday 30.03.2027 00:30 CEST (Monday 22:30 in UTC).
    expect(await idleRuns('Frühling', '2027-03-29T22:30:00Z', both)).toEqual([fridayNight]);
  });

  it(`autumn and a holiday: idle since Friday 23.10.2026 is due on ${autumnDueOn}`, async () => {
    // Friday 23.10.2026 23:30 CEST (21:30 UTC).
    const friday = await f.vorgang({ lastActivityAt: new Date('2026-10-23T21:30:00Z') });
    // Monday 26.10.2026 00:30 CET, the night after the clocks went back (Sunday 23:30 in UTC).
    const monday = await idleRuns('Herbst Montag', '2026-10-25T23:30:00Z', [friday]);
    // Tuesday 27.10.2026 00:30 CET.
    const tuesday = await idleRuns('Herbst Dienstag', '2026-10-26T23:30:00Z', [friday]);
    if (autumnDueOn === '26.10.') {
      expect(monday).toEqual([friday]);
    } else {
      expect(monday).toEqual([]);
      expect(tuesday).toEqual([friday]);
    }
  });
});
