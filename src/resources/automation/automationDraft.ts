import { HttpError } from 'react-admin';
import type { AutomationDetail, AutomationInput } from './automation.endpoints';
import { definitionProblems, webhookUrlProblem } from './automation.rules';
import {
  DEFAULT_RUNS_PER_MINUTE,
  noConditions,
  type Action,
  type ActionKind,
  type Trigger,
  type TriggerKind,
} from './automationTypes';

/** What the form edits: the input of a save (the version is the loaded automation's). */
export type Draft = AutomationInput;

/** A field's problem by its path in the draft ("name", "trigger.workingDays", "actions.0.text"). */
export type Problems = Record<string, string>;

/** A trigger of `kind` with the values a sales lead starts from. */
export function newTrigger(kind: TriggerKind): Trigger {
  switch (kind) {
    case 'beleg':
      return { kind, belegTypes: ['angebot'], waitDays: 0, waitUnit: 'arbeitstage' };
    case 'eigenerStatus':
      return { kind, fromStatusId: null, toStatusId: null };
    case 'datum':
      return { kind, field: 'angebotGesendet', offsetWorkingDays: 7 };
    case 'inaktiv':
      return { kind, workingDays: 7 };
    case 'nps':
      return { kind, minScore: 0, maxScore: 6 };
    case 'angebotOnline':
      return { kind, answers: ['angenommen'] };
  }
}

/** An action of `kind` with its defaults (a todo for the Verkäufer, due at once). */
export function newAction(kind: ActionKind): Action {
  const seller = { role: 'verkaeufer' as const, userId: null };
  switch (kind) {
    case 'todo':
      return {
        kind,
        todoKind: 'aktivitaet',
        activityType: 'anruf',
        labelId: null,
        recipient: seller,
        dueInWorkingDays: 0,
        text: '',
      };
    case 'mail':
      return { kind, templateId: 0 };
    case 'feld':
      return { kind, field: 'eigenerStatus', valueId: null };
    case 'benachrichtigung':
      return { kind, recipients: [seller], text: '' };
    case 'webhook':
      return { kind, url: 'https://', secret: '' };
  }
}

/** A new automation's draft: no activity for 7 working days → a todo for the Verkäufer. */
export const newDraft = (branchId: number | null): Draft => ({
  name: '',
  branchId,
  runsPerMinute: DEFAULT_RUNS_PER_MINUTE,
  definition: { trigger: newTrigger('inaktiv'), conditions: noConditions(), actions: [newAction('todo')] },
});

/** The draft of a saved automation. */
export const draftOf = (automation: AutomationDetail): Draft => ({
  name: automation.name,
  branchId: automation.branchId,
  runsPerMinute: automation.runsPerMinute,
  definition: automation.definition,
});

/**
 * What the form says at its fields before it sends: the shared rules of the server (`definitionProblems`) and
 * the limits of the endpoint's schema a person can get wrong, in the same words.
 */
export function draftProblems(draft: Draft, needsBranch: boolean): Problems {
  const problems: Problems = {};
  if (!draft.name.trim()) problems.name = 'Bitte geben Sie einen Namen ein.';
  if (draft.name.length > 120) problems.name = 'Höchstens 120 Zeichen.';
  if (needsBranch && draft.branchId === null) problems.branchId = 'Bitte wählen Sie die Filiale.';
  if (!Number.isInteger(draft.runsPerMinute) || draft.runsPerMinute < 1 || draft.runsPerMinute > 100_000) {
    problems.runsPerMinute = 'Bitte eine ganze Zahl von 1 bis 100.000.';
  }
  const { trigger, actions, conditions } = draft.definition;
  const whole = (path: string, value: number, min: number, max: number) => {
    if (!Number.isInteger(value) || value < min || value > max) {
      problems[path] = `Bitte eine ganze Zahl von ${min} bis ${max}.`;
    }
  };
  if (trigger.kind === 'beleg') whole('trigger.waitDays', trigger.waitDays, 0, 365);
  if (trigger.kind === 'datum') whole('trigger.offsetWorkingDays', trigger.offsetWorkingDays, -60, 365);
  if (trigger.kind === 'inaktiv') whole('trigger.workingDays', trigger.workingDays, 1, 365);
  if (trigger.kind === 'nps') {
    whole('trigger.minScore', trigger.minScore, 0, 10);
    whole('trigger.maxScore', trigger.maxScore, 0, 10);
  }
  for (const bound of ['minAmountCents', 'maxAmountCents'] as const) {
    if (Number.isNaN(conditions[bound])) {
      problems[`conditions.${bound}`] = 'Bitte einen Betrag wie 5.000 oder 5.000,50 angeben.';
    }
  }
  if (trigger.kind === 'beleg' && trigger.belegTypes.length === 0) {
    problems['trigger.belegTypes'] = 'Bitte wählen Sie mindestens eine Belegart.';
  }
  if (trigger.kind === 'angebotOnline' && trigger.answers.length === 0) {
    problems['trigger.answers'] = 'Bitte wählen Sie mindestens eine Antwort.';
  }
  actions.forEach((action, index) => {
    if (action.kind === 'todo') whole(`actions.${index}.dueInWorkingDays`, action.dueInWorkingDays, 0, 365);
    if (action.kind === 'mail' && !action.templateId) {
      problems[`actions.${index}.templateId`] = 'Bitte wählen Sie eine Textvorlage.';
    }
    if (action.kind === 'webhook') {
      const url = webhookUrlProblem(action.url);
      if (url) problems[`actions.${index}.url`] = url;
      if (action.secret.length < 16) {
        problems[`actions.${index}.secret`] = 'Der Schlüssel braucht mindestens 16 Zeichen.';
      }
    }
  });
  return { ...definitionProblems(draft.definition), ...problems };
}

/**
 * The field problems of a refused save, by the draft's paths: the server's rules name them so already
 * ("actions.0.text"), its schema check by JSON pointer ("definition/actions/0/text").
 */
export function problemsOf(error: unknown): Problems {
  if (!(error instanceof HttpError)) return {};
  const errors = (error.body as { errors?: Record<string, string> } | undefined)?.errors ?? {};
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [
      path.replace(/^definition[./]/, '').replaceAll('/', '.'),
      message,
    ]),
  );
}

/** Whether a refused save was refused as stale (someone saved in between). */
export const isConflict = (error: unknown) => error instanceof HttpError && error.status === 409;
