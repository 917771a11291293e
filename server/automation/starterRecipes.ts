import { sql } from 'kysely';
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

const idOf = async (db: Database, query: ReturnType<typeof sql<{ id: number }>>) =>
  (await query.execute(db)).rows[0]?.id ?? null;

/** The five starter recipes of a window company (Admin → Automatisierung shows them as drafts to activate). */
export const STARTER_RECIPES: readonly Recipe[] = [
  {
    key: 'rechnung-umfrage',
    name: 'Rechnung → NPS-Umfrage nach 14 Tagen',
    definition: async (db) => {
      const templateId = await idOf(
        db,
        sql<{
          id: number;
        }>`SELECT id FROM text_template WHERE active AND body LIKE '%{{Umfrage-Link}}%' ORDER BY id LIMIT 1`,
      );
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
      const toStatusId = await idOf(
        db,
        sql<{ id: number }>`SELECT id FROM custom_status WHERE name = 'Aufmaß geplant' LIMIT 1`,
      );
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
        await sql`UPDATE automation SET state = 'aktiv', first_activated_at = now() WHERE id = ${automation.id}`.execute(
          db,
        );
      }
      added += 1;
    } catch (error) {
      // Another instance installed it at the same moment (the key is unique).
      if ((error as { code?: string }).code !== '23505') throw error;
    }
  }
  return added;
}
