import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, IdParams, NullableInteger, NullableString, Timestamp, Version } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import { AUTOMATION_STATES, Definition, RUN_STATES } from './automationTypes';

// APP_ADMIN: every automation; APP_ADMIN_VERKAUF: those of the branches they lead (checked per record).
const access = { groups: [GROUPS.admin, GROUPS.adminVerkauf] };
const tags = ['Automatisierung'];

const StateSchema = Type.Unsafe<(typeof AUTOMATION_STATES)[number]>(
  Type.Union(AUTOMATION_STATES.map((state) => Type.Literal(state))),
);
const RunStateSchema = Type.Unsafe<(typeof RUN_STATES)[number]>(
  Type.Union(RUN_STATES.map((state) => Type.Literal(state))),
);

export const AutomationSummary = Type.Object({
  id: Id(),
  name: Type.String(),
  state: StateSchema,
  triggerText: Type.String({ description: 'Auslöser in Worten' }),
  actionsText: Type.String({ description: 'Aktionen in Worten' }),
  branchId: NullableInteger(),
  branchName: NullableString(),
  versionNumber: Type.Integer(),
  pausedReason: NullableString(),
  runsWaiting: Type.Integer(),
  runsDone: Type.Integer({ description: 'Fertige Läufe der letzten 30 Tage' }),
  runsFailed: Type.Integer({ description: 'Fehlgeschlagene Läufe der letzten 30 Tage' }),
  lastRunAt: NullableString(),
  updatedAt: Timestamp(),
  updatedBy: NullableString(),
});
export type AutomationSummary = Static<typeof AutomationSummary>;

export const AutomationDetail = Type.Object({
  id: Id(),
  name: Type.String(),
  state: StateSchema,
  branchId: NullableInteger(),
  runsPerMinute: Type.Integer(),
  pausedReason: NullableString(),
  ownerName: Type.String(),
  firstActivatedAt: NullableString(),
  recipeKey: NullableString(),
  version: Version(),
  versionNumber: Type.Integer(),
  definition: Definition,
  updatedAt: Timestamp(),
  updatedBy: NullableString(),
});
export type AutomationDetail = Static<typeof AutomationDetail>;

export const AutomationInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120, description: 'Name' }),
    branchId: Type.Union([Type.Null(), Id()], {
      description: 'Nur diese Filiale (Verkaufsleitung: Pflicht)',
    }),
    runsPerMinute: Type.Integer({ minimum: 1, maximum: 100_000, description: 'Höchstens Läufe je Minute' }),
    definition: Definition,
  },
  { additionalProperties: false },
);
export type AutomationInput = Static<typeof AutomationInput>;

export const listAutomations = defineEndpoint({
  method: 'GET',
  path: 'automation/list',
  access,
  tags,
  summary: 'Automatisierungen (Admin: alle; Verkaufsleitung: die ihrer Filialen)',
  response: Type.Array(AutomationSummary),
});

export const getAutomation = defineEndpoint({
  method: 'GET',
  path: 'automation/get/:id',
  access,
  tags,
  summary: 'Eine Automatisierung mit ihrer aktuellen Version',
  params: IdParams,
  response: AutomationDetail,
});

export const createAutomation = defineEndpoint({
  method: 'POST',
  path: 'automation/create',
  access,
  tags,
  summary: 'Automatisierung anlegen (als Entwurf)',
  body: AutomationInput,
  response: AutomationDetail,
  idempotent: true,
});

export const updateAutomation = defineEndpoint({
  method: 'PUT',
  path: 'automation/update/:id',
  access,
  tags,
  summary:
    'Automatisierung ändern: eine neue Version; laufende Läufe beenden ihre (409 bei veraltetem Stand)',
  params: IdParams,
  body: Type.Object({ ...AutomationInput.properties, version: Version() }, { additionalProperties: false }),
  response: AutomationDetail,
});

export const setAutomationState = defineEndpoint({
  method: 'POST',
  path: 'automation/state/:id',
  access,
  tags,
  summary: 'Aktivieren oder pausieren (409 bei veraltetem Stand)',
  params: IdParams,
  body: Type.Object({
    state: Type.Union([Type.Literal('aktiv'), Type.Literal('pausiert')]),
    version: Version(),
  }),
  response: AutomationDetail,
});

export const SimulatedRecord = Type.Object({
  vorgangId: NullableInteger(),
  customerId: Id(),
  label: Type.String({ description: 'Vorgang oder Kunde, wie man ihn kennt' }),
  occurrence: Type.String(),
  dueAt: Timestamp(),
  steps: Type.Array(
    Type.Object({ preview: Type.String(), detail: NullableString(), skipped: Type.Boolean() }),
  ),
});
export type SimulatedRecord = Static<typeof SimulatedRecord>;

export const Simulation = Type.Object({
  scope: Type.String({ description: 'Was geprüft wurde, in Worten' }),
  total: Type.Integer({ description: 'Datensätze, die auslösen würden' }),
  records: Type.Array(SimulatedRecord, { description: 'Die ersten 50, jeweils mit ihren Schritten' }),
});
export type Simulation = Static<typeof Simulation>;

export const simulateAutomation = defineEndpoint({
  method: 'POST',
  path: 'automation/simulate',
  access,
  tags,
  summary: 'Simulieren: welche Datensätze jetzt auslösen würden und was jeder Schritt täte (schreibt nichts)',
  body: Type.Object(
    {
      automationId: Type.Union([Type.Null(), Id()]),
      branchId: Type.Union([Type.Null(), Id()]),
      definition: Definition,
    },
    { additionalProperties: false },
  ),
  response: Simulation,
});

export const RunStep = Type.Object({
  step: Type.Integer(),
  action: Type.String(),
  state: Type.String(),
  summary: Type.String(),
  detail: NullableString(),
  error: NullableString(),
  at: Timestamp(),
});

export const AutomationRun = Type.Object({
  id: Id(),
  automationId: Id(),
  automationName: Type.String(),
  versionNumber: Type.Integer(),
  state: RunStateSchema,
  occurrence: Type.String(),
  vorgangId: NullableInteger(),
  vorgangNumber: NullableString(),
  customerId: NullableInteger(),
  customerName: NullableString(),
  createdAt: Timestamp(),
  dueAt: Timestamp(),
  finishedAt: NullableString(),
  attempts: Type.Integer(),
  error: NullableString(),
  steps: Type.Array(RunStep),
});
export type AutomationRun = Static<typeof AutomationRun>;

export const RunFilter = Type.Object({
  automationId: Type.Optional(Id()),
  vorgangId: Type.Optional(Id()),
  customerId: Type.Optional(Id()),
  state: Type.Optional(RunStateSchema),
});
export type RunFilter = Static<typeof RunFilter>;

export const listAutomationRuns = defineEndpoint({
  method: 'GET',
  path: 'automation/runs',
  access,
  tags,
  summary: 'Lauf-Protokoll: je Automatisierung oder je Vorgang/Kunde, neueste zuerst',
  query: Type.Object({
    ...RunFilter.properties,
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  }),
  response: Type.Object({ rows: Type.Array(AutomationRun), total: Type.Integer() }),
});

export const exportAutomationRuns = defineEndpoint({
  method: 'GET',
  path: 'automation/runs/excel',
  access,
  tags,
  summary: 'Lauf-Protokoll als Excel (gestreamt)',
  query: RunFilter,
  kind: 'file',
  limit: 'export',
});

const Option = Type.Object({ id: Id(), name: Type.String() });

export const AutomationOptions = Type.Object({
  branches: Type.Array(Option, { description: 'Filialen, für die ich Automatisierungen anlegen darf' }),
  allBranches: Type.Boolean({ description: 'Ich darf Automatisierungen für alle Filialen anlegen' }),
  customStatuses: Type.Array(Option),
  labels: Type.Array(Option),
  users: Type.Array(Option),
  templates: Type.Array(
    Type.Object({ id: Id(), name: Type.String(), purpose: Type.String(), survey: Type.Boolean() }),
  ),
  activityTypes: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});
export type AutomationOptions = Static<typeof AutomationOptions>;

export const getAutomationOptions = defineEndpoint({
  method: 'GET',
  path: 'automation/options',
  access,
  tags,
  summary: 'Auswahlwerte des Formulars (Filialen, Status, Labels, Benutzer, Textvorlagen)',
  response: AutomationOptions,
});
