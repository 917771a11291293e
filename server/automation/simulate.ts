import { companyDayOf, companyToday, formatCompanyDate } from '../../src/config/companyTime';
import type { Simulation, SimulatedRecord } from '../../src/resources/automation/automation.endpoints';
import type { Definition } from '../../src/resources/automation/automationTypes';
import { planStep } from './actions/planStep';
import { automationCaller } from './automationActor';
import type { AutomationWithVersion } from './automationQueries';
import { eventRunsSelect, recentEvents } from './eventTriggerQueries';
import type { RunDeps } from './runExecutor';
import { loadSubject } from './runSubject';
import { simulatedRuns } from './simulateQueries';
import { dueWindow, timeRunsSelect } from './timeTriggerQueries';

/** How far back Simulieren replays record events for an event trigger. */
export const SIMULATED_EVENT_DAYS = 14;
/** Records Simulieren plans step by step (all are counted). */
const SHOWN = 50;

/**
 * Simulieren: the records the automation would fire for now, and what each action would do, through the same
 * code a real run goes through (the trigger's SELECT of the sweep or the matcher, `planStep` of the run) without
 * writing anything. A time trigger shows the records due today (an automation that was live before, active or
 * paused: also the days its sweep catches up on); an event trigger replays the events of the last 14 days. Records that already had their run are left out.
 */
export async function simulate(
  deps: RunDeps,
  input: {
    automation: Pick<AutomationWithVersion, 'id' | 'name' | 'firstActivatedAt' | 'state'> | null;
    branchId: number | null;
    definition: Definition;
  },
): Promise<Simulation> {
  const { db, zone } = deps;
  const now = deps.now?.() ?? new Date();
  const today = companyToday(zone, now);
  const virtual: AutomationWithVersion = {
    id: input.automation?.id ?? 0,
    name: input.automation?.name ?? 'Entwurf',
    state: 'aktiv',
    triggerKind: input.definition.trigger.kind,
    branchId: input.branchId,
    ownerOid: '',
    ownerName: '',
    runsPerMinute: 0,
    pausedReason: null,
    firstActivatedAt: input.automation?.firstActivatedAt ?? null,
    recipeKey: null,
    version: 0,
    versionId: 0,
    versionNumber: 0,
    definition: input.definition,
    createdAt: now,
    updatedAt: now,
    updatedBy: null,
  };
  const kind = input.definition.trigger.kind;
  let scope: string;
  let select;
  if (kind === 'datum' || kind === 'inaktiv') {
    // The sweep counts from the first activation, also for one paused since: what (re)activating now fires.
    const since = input.automation?.firstActivatedAt;
    const window = dueWindow(today, since ? companyDayOf(since, zone) : today);
    scope =
      window && window.first !== window.last
        ? `Fällig vom ${formatCompanyDate(window.first, zone)} bis heute (${formatCompanyDate(today, zone)})`
        : `Fällig heute (${formatCompanyDate(today, zone)})`;
    select = window ? await timeRunsSelect(db, virtual, zone, window) : null;
  } else {
    scope = `Ereignisse der letzten ${SIMULATED_EVENT_DAYS} Tage`;
    select = await eventRunsSelect(db, virtual, recentEvents(kind, SIMULATED_EVENT_DAYS), zone, today);
  }
  if (!select) return { scope, total: 0, records: [] };
  const { total, rows } = await simulatedRuns(db, select, SHOWN);
  const automation = { id: virtual.id, name: virtual.name };
  const records: SimulatedRecord[] = [];
  for (const row of rows) {
    const subject = await loadSubject(db, row.vorgangId, row.customerId, zone);
    if (!subject) continue;
    const context = {
      db,
      zone,
      today,
      automation,
      run: { id: 0, occurrence: row.occurrence },
      subject,
      caller: automationCaller(automation),
      jobs: deps.jobs,
      publicUrl: deps.publicUrl,
    };
    const steps = [];
    for (const action of input.definition.actions) {
      const plan = await planStep(context, action);
      steps.push({ preview: plan.preview, detail: plan.detail, skipped: plan.skipped ?? false });
    }
    records.push({
      vorgangId: row.vorgangId,
      customerId: row.customerId,
      label: subject.vorgangNumber
        ? `${subject.vorgangNumber} ${subject.vorgangTitle ?? ''} · ${subject.customerName}`
        : subject.customerName,
      occurrence: row.occurrence,
      dueAt: row.dueAt.toISOString(),
      steps,
    });
  }
  return { scope, total, records };
}
