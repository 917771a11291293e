import { sql } from 'kysely';
import {
  createAutomation,
  getAutomation,
  setAutomationState,
  simulateAutomation,
  type AutomationInput,
} from '../../../src/resources/automation/automation.endpoints';
import type { EndpointInput } from '../../../src/api/endpoint';
import {
  noConditions,
  type Action,
  type Conditions,
  type Definition,
  type Trigger,
} from '../../../src/resources/automation/automationTypes';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { runJob } from '../../../server/automation/runQueue';
import { automationEngineOf } from '../../../server/automation';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';
import { companyToday } from '../../../src/config/companyTime';

export const ADMIN = ['APP_ADMIN', 'APP_KUNDE', 'APP_NPS'];
/** The oid every test token carries (tests/support/tokens.ts): the owner of the automations it saves. */
export const CALLER_OID = '11111111-2222-3333-4444-555555555555';

/** A test app with demo master data, a CRM user for the test caller, and helpers to drive the engine. */
export async function automationFixture(
  options: {
    customers?: number;
    databaseUrl?: string;
    now?: Date;
    tenant?: 'strussnig' | 'rekord';
    instanceName?: string;
  } = {},
) {
  const tenant = options.tenant ?? 'strussnig';
  const t: TestApp = await createTestApp({
    tenant,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.instanceName ? { instanceName: options.instanceName } : {}),
  });
  if (!options.databaseUrl) {
    await seedDemoData(t.db, { tenant, customers: options.customers ?? 4 });
    await sql`
      INSERT INTO app_user (azure_oid, name, email) VALUES (${CALLER_OID}, 'Test Person', 'test.person@strussnig.at')
      ON CONFLICT (azure_oid) DO NOTHING`.execute(t.db);
  }
  const zone = t.app.timeZone;
  const engine = automationEngineOf(t.db)!;
  /** The engine's clock: a fixed Wednesday unless a test moves it (the database's now() stays real). */
  let clock = options.now ?? new Date('2026-12-02T09:00:00Z');
  engine.deps.now = () => clock;
  const setClock = (now: Date) => {
    clock = now;
  };
  const today = () => companyToday(zone, clock);

  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(t.db)).rows[0]!;

  /** Saves an automation (a draft) and answers it. */
  const create = async (
    name: string,
    trigger: Trigger,
    actions: Action[],
    extra: Partial<Omit<AutomationInput, 'definition'>> & { conditions?: Partial<Conditions> } = {},
  ) => {
    const definition: Definition = {
      trigger,
      conditions: { ...noConditions(), ...extra.conditions },
      actions,
    };
    return resultOf(
      t.callEndpoint(ADMIN, createAutomation, {
        body: {
          name,
          branchId: extra.branchId ?? null,
          runsPerMinute: extra.runsPerMinute ?? 500,
          definition,
        },
      }),
    );
  };

  /** The automation as its page reads it (as the test caller). */
  const get = (automation: { id: number }) =>
    resultOf(t.callEndpoint(ADMIN, getAutomation, { params: { id: automation.id } }));

  /** Activates the automation (as the test caller). */
  const activate = async (automation: { id: number }, state: 'aktiv' | 'pausiert' = 'aktiv') => {
    const current = await get(automation);
    return resultOf(
      t.callEndpoint(ADMIN, setAutomationState, {
        params: { id: automation.id },
        body: { state, version: current.version },
      }),
    );
  };

  /** Simulieren: what the definition would do now (writes nothing). */
  const simulate = (body: EndpointInput<typeof simulateAutomation>['body']) =>
    resultOf(t.callEndpoint(ADMIN, simulateAutomation, { body }));

  /** Turns waiting record events into runs (as the events job does), answers the runs made. */
  const match = () => engine.matchAll();

  /** The time triggers' sweep (as its periodic job does) at the engine's clock. */
  const sweep = () => engine.sweep();

  /** Lets the engine work until no run is due or running (events matched first). */
  const settle = async () => {
    await match();
    for (let i = 0; i < 400; i++) {
      t.app.jobs.wake(runJob);
      // Runs whose job may take them now (not those parked by a pause, nor a failed try's wait).
      const { busy } = await one(sql<{ busy: number }>`
        SELECT count(*)::int AS busy FROM automation_run
        WHERE (state = 'wartend' AND job_id IS NOT NULL AND due_at <= now() AND attempts = 0) OR state = 'laeuft'`);
      const { events } = await one(
        sql<{ events: number }>`SELECT count(*)::int AS events FROM automation_event`,
      );
      if (busy === 0 && events === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('Die Läufe wurden nicht fertig.');
  };

  const runsOf = async (automationId: number) =>
    (
      await sql<{
        id: number;
        state: string;
        vorgangId: number | null;
        customerId: number;
        occurrence: string;
        error: string | null;
        step: number;
        attempts: number;
        dedupeKey: string;
        chain: number[];
      }>`
        SELECT id::int, state, vorgang_id AS "vorgangId", customer_id AS "customerId", occurrence, error, step, attempts,
          dedupe_key AS "dedupeKey", chain
        FROM automation_run WHERE automation_id = ${automationId} ORDER BY id`.execute(t.db)
    ).rows;

  /** A fresh open Vorgang of a demo customer, with the given fields. */
  const vorgang = async (
    fields: {
      status?: string;
      lastActivityAt?: Date | null;
      createdAt?: Date;
      firstOfferDate?: string | null;
      branchId?: number | null;
      sellerUserId?: number | null;
      customStatusId?: number | null;
      netTotalCents?: number;
      customerId?: number;
    } = {},
  ) => {
    const customer =
      fields.customerId ?? (await one(sql<{ id: number }>`SELECT id FROM customer ORDER BY id LIMIT 1`)).id;
    const seller =
      fields.sellerUserId === undefined
        ? (await one(sql<{ id: number }>`SELECT id FROM app_user WHERE azure_oid = ${CALLER_OID}`)).id
        : fields.sellerUserId;
    const branch =
      fields.branchId === undefined
        ? (await one(sql<{ id: number }>`SELECT id FROM branch ORDER BY id LIMIT 1`)).id
        : fields.branchId;
    const number = `AU-${Math.random().toString(36).slice(2, 10)}`;
    return (
      await one(sql<{ id: number }>`
        INSERT INTO vorgang (vorgang_number, customer_id, title, system_status, board_position, last_activity_at, created_at,
          first_offer_date, branch_id, seller_user_id, custom_status_id, net_total_cents)
        VALUES (${number}, ${customer}, 'Automatik-Test', ${fields.status ?? 'angebot'}, 0,
          ${fields.lastActivityAt === undefined ? null : (fields.lastActivityAt?.toISOString() ?? null)}::timestamptz,
          ${(fields.createdAt ?? new Date()).toISOString()}::timestamptz, ${fields.firstOfferDate ?? null}::date, ${branch},
          ${seller}, ${fields.customStatusId ?? null}, ${fields.netTotalCents ?? 100_000})
        RETURNING id`)
    ).id;
  };

  return {
    t,
    zone,
    engine,
    setClock,
    today,
    one,
    create,
    get,
    activate,
    simulate,
    match,
    sweep,
    settle,
    runsOf,
    vorgang,
  };
}

export type AutomationFixture = Awaited<ReturnType<typeof automationFixture>>;

/** A todo for the Verkäufer, due in `days` working days. */
export const todoFor = (
  text: string,
  days = 2,
  role: 'verkaeufer' | 'betreuer' | 'filialleitung' = 'verkaeufer',
): Action => ({
  kind: 'todo',
  todoKind: 'aktivitaet',
  activityType: 'anruf',
  labelId: null,
  recipient: { role, userId: null },
  dueInWorkingDays: days,
  text,
});
