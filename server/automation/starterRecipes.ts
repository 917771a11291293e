import {
  noConditions,
  type Action,
  type Definition,
  type Trigger,
} from '../../src/resources/automation/automationTypes';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { createAutomation } from './automationStoreQueries';

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

/** A notification in the app for the Verkäufer of the Vorgang. */
const tellSeller = (text: string): Action => ({
  kind: 'benachrichtigung',
  recipients: [{ role: 'verkaeufer', userId: null }],
  text,
});

/** A step of the online offer's follow-up cadence: `days` working days after it was sent or around Gültig bis. */
const cadenceStep = (
  key: string,
  name: string,
  field: 'onlineAngebotGesendet' | 'onlineAngebotGueltigBis',
  days: number,
  actions: Action[],
  offerOpened: 'ja' | 'nein' | null = null,
): Recipe => ({
  key,
  name,
  definition: async () => ({
    trigger: { kind: 'datum', field, offsetWorkingDays: days },
    conditions: { ...noConditions(), offerOpened },
    actions,
  }),
});

/**
 * The follow-up cadence of an online offer, one automation per step. Each fires once per offer link and only
 * while the link may be followed up: an acceptance, a decline, a withdrawn or newer offer, an Auftragsbestätigung
 * or "Nachfassen beenden" ends it (offerCadenceQueries.ts).
 */
const OFFER_CADENCE: readonly Recipe[] = [
  cadenceStep('online-angebot-nachfassen', 'Online-Angebot 1/5: nachfassen', 'onlineAngebotGesendet', 3, [
    todo('Angebot nachfassen: {{Kunde}} nach Fragen zum Angebot fragen', 0, 'verkaeufer'),
  ]),
  cadenceStep(
    'online-angebot-anrufen',
    'Online-Angebot 2/5: anrufen (nicht geöffnet)',
    'onlineAngebotGesendet',
    5,
    [todo('Anrufen: {{Kunde}} hat das Angebot noch nicht geöffnet', 0, 'verkaeufer')],
    'nein',
  ),
  cadenceStep(
    'online-angebot-geoeffnet',
    'Online-Angebot 3/5: geöffnet, keine Entscheidung',
    'onlineAngebotGesendet',
    7,
    [todo('Nachfassen: {{Kunde}} hat das Angebot geöffnet, aber noch nicht entschieden', 0, 'verkaeufer')],
    'ja',
  ),
  cadenceStep(
    'online-angebot-laeuft-ab',
    'Online-Angebot 4/5: läuft bald ab',
    'onlineAngebotGueltigBis',
    -3,
    [tellSeller('Das Angebot zu {{Vorgang}} ({{Kunde}}) läuft in 3 Arbeitstagen ab.')],
  ),
  // Offered, not done: the seller decides on the Vorgang ("Als verloren markieren" with this reason).
  cadenceStep('online-angebot-abgelaufen', 'Online-Angebot 5/5: abgelaufen', 'onlineAngebotGueltigBis', 1, [
    todo(
      'Angebot abgelaufen: {{Vorgang}} als verloren markieren (Angebot abgelaufen) oder neu anbieten',
      0,
      'verkaeufer',
    ),
    tellSeller('Das Angebot zu {{Vorgang}} ({{Kunde}}) ist abgelaufen: als verloren markieren?'),
  ]),
];

/**
 * The starter recipes of a window company (Admin → Automatisierung shows them as drafts to activate): five
 * general ones and the online offer's follow-up cadence.
 */
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
      conditions: { ...noConditions(), vorgangStatuses: ['angebot'] },
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
  ...OFFER_CADENCE,
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
          definition: { conditions: noConditions(), ...definition },
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
