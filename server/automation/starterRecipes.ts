import type { Action, Definition, Trigger } from '../../src/resources/automation/automationTypes';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { createAutomation } from './automationStoreQueries';

const NO_CONDITIONS: Definition['conditions'] = {
  branchIds: [],
  vorgangStatuses: [],
  minAmountCents: null,
  maxAmountCents: null,
  customStatusIds: [],
  customerTypes: [],
};

/** Who installs the recipes (no person: the automation's owner is told nothing until someone activates it). */
const INSTALLER: Caller = { oid: 'startrezept', tid: '', name: 'Startrezept', username: '', groups: [] };

interface Recipe {
  key: string;
  name: string;
  /** The definition, or null when the tenant lacks what it needs (a template, a status). */
  definition: (
    db: Database,
  ) => Promise<(Omit<Definition, 'conditions'> & Partial<Pick<Definition, 'conditions'>>) | null>;
}

const todo = (
  text: string,
  days: number,
  role: 'verkaeufer' | 'filialleitung',
  activityType = 'anruf',
): Action => ({
  kind: 'todo',
  todoKind: 'aktivitaet',
  activityType,
  labelId: null,
  recipient: { role, userId: null },
  dueInWorkingDays: days,
  text,
});

/** The five starter recipes of a window company (Admin → Automatisierung shows them as drafts to activate). */
export const STARTER_RECIPES: readonly Recipe[] = [
  {
    key: 'rechnung-umfrage',
    name: 'Rechnung → NPS-Umfrage nach 14 Tagen',
    definition: async (db) => {
      const template = await db
        .selectFrom('text_template')
        .select('id')
        .where('active', '=', true)
        .where('body', 'like', '%{{Umfrage-Link}}%')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      const templateId = template?.id ?? null;
      if (templateId === null) return null;
      const trigger: Trigger = {
        kind: 'beleg',
        belegTypes: ['rechnung'],
        waitDays: 14,
        waitUnit: 'kalendertage',
      };
      return { trigger, actions: [{ kind: 'mail', templateId }] };
    },
  },
  {
    key: 'angebot-nachfassen',
    name: 'Angebot ohne Aktivität seit 7 Arbeitstagen → Todo',
    definition: async () => ({
      trigger: { kind: 'inaktiv', workingDays: 7 },
      conditions: { ...NO_CONDITIONS, vorgangStatuses: ['angebot'] },
      actions: [todo('Angebot nachfassen', 0, 'verkaeufer')],
    }),
  },
  {
    key: 'auftragsbestaetigung-melden',
    name: 'Auftragsbestätigung → Verkäufer benachrichtigen',
    definition: async () => ({
      trigger: { kind: 'beleg', belegTypes: ['auftragsbestaetigung'], waitDays: 0, waitUnit: 'arbeitstage' },
      actions: [
        {
          kind: 'benachrichtigung',
          recipients: [{ role: 'verkaeufer', userId: null }],
          text: 'Auftragsbestätigung zu {{Vorgang}} ({{Kunde}}) ist eingegangen.',
        },
      ],
    }),
  },
  {
    key: 'nps-kritiker',
    name: 'NPS 0–6 → Todo für die Filialleitung',
    definition: async () => ({
      trigger: { kind: 'nps', minScore: 0, maxScore: 6 },
      actions: [todo('Kritiker anrufen: {{Kunde}}', 2, 'filialleitung')],
    }),
  },
  {
    key: 'aufmass-geplant',
    name: 'Eigener Status „Aufmaß geplant“ → Aufmaß planen',
    definition: async (db) => {
      const status = await db
        .selectFrom('custom_status')
        .select('id')
        .where('name', '=', 'Aufmaß geplant')
        .limit(1)
        .executeTakeFirst();
      const toStatusId = status?.id ?? null;
      if (toStatusId === null) return null;
      return {
        trigger: { kind: 'eigenerStatus', fromStatusId: null, toStatusId },
        actions: [todo('Aufmaß durchführen: {{Vorgang}}', 0, 'verkaeufer', 'aufmass')],
      };
    },
  },
];

/**
 * Adds the starter recipes the database does not hold yet (by their key; one a recipe whose template or
 * status the tenant lacks is left out), as drafts; `active` (the demo) switches the new ones on. Harmless to
 * run again and on several instances at once. Answers how many it added.
 */
export async function installStarterRecipes(db: Database, active: boolean): Promise<number> {
  let added = 0;
  for (const recipe of STARTER_RECIPES) {
    const exists = await db
      .selectFrom('automation')
      .select('id')
      .where('recipe_key', '=', recipe.key)
      .executeTakeFirst();
    if (exists) continue;
    const definition = await recipe.definition(db);
    if (!definition) continue;
    try {
      const automation = await createAutomation(
        db,
        INSTALLER,
        { all: true },
        {
          name: recipe.name,
          branchId: null,
          runsPerMinute: 500,
          definition: { conditions: NO_CONDITIONS, ...definition },
        },
        recipe.key,
      );
      if (active) {
        await db
          .updateTable('automation')
          .set((eb) => ({ state: 'aktiv', first_activated_at: eb.fn<Date>('now') }))
          .where('id', '=', automation.id)
          .execute();
      }
      added += 1;
    } catch (error) {
      // Another instance installed it at the same moment (the key is unique).
      if ((error as { code?: string }).code !== '23505') throw error;
    }
  }
  return added;
}
