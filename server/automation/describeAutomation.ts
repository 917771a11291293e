import { BELEG_TYPE_LABELS } from '../../src/resources/vorgaenge/vorgangListTypes';
import type { Definition } from '../../src/resources/automation/automationTypes';
import {
  ACTION_NAMES,
  DATE_FIELD_NAMES,
  RECIPIENT_NAMES,
} from '../../src/resources/automation/automation.rules';
import type { Executor } from '../platform/entities/entityRepository';

/** Names of the statuses and users a definition refers to, read once per list. */
export interface Names {
  statuses: Map<number, string>;
  users: Map<number, string>;
}

/** The names of all statuses and users (few rows each). */
export async function loadNames(db: Executor): Promise<Names> {
  const statuses = await db.selectFrom('custom_status').select(['id', 'name']).execute();
  const users = await db.selectFrom('app_user').select(['id', 'name']).execute();
  return {
    statuses: new Map(statuses.map((row) => [row.id, row.name])),
    users: new Map(users.map((row) => [row.id, row.name])),
  };
}

const statusName = (names: Names, id: number | null) =>
  id === null ? 'beliebig' : (names.statuses.get(id) ?? `Nr. ${id}`);

/** The trigger in words: "Rechnung eingegangen, nach 14 Kalendertagen". */
export function triggerText(definition: Definition, names: Names): string {
  const trigger = definition.trigger;
  switch (trigger.kind) {
    case 'beleg': {
      const types = trigger.belegTypes.map((type) => BELEG_TYPE_LABELS[type]).join(' oder ');
      const wait = trigger.waitDays
        ? `, nach ${trigger.waitDays} ${trigger.waitUnit === 'arbeitstage' ? 'Arbeitstagen' : 'Kalendertagen'}`
        : '';
      return `${types} eingegangen${wait}`;
    }
    case 'eigenerStatus':
      return `Eigener Status: ${statusName(names, trigger.fromStatusId)} → ${statusName(names, trigger.toStatusId)}`;
    case 'datum': {
      const days = Math.abs(trigger.offsetWorkingDays);
      const side = trigger.offsetWorkingDays < 0 ? 'vor' : 'nach';
      return `${days} Arbeitstage ${side} „${DATE_FIELD_NAMES[trigger.field]}“`;
    }
    case 'inaktiv':
      return `Offener Vorgang ohne Aktivität seit ${trigger.workingDays} Arbeitstagen`;
    case 'nps':
      return `NPS-Antwort ${trigger.minScore}–${trigger.maxScore}`;
  }
}

/** The actions in words: "Todo (Verkäufer des Vorgangs), In der App benachrichtigen". */
export function actionsText(definition: Definition): string {
  return definition.actions
    .map((action) =>
      action.kind === 'todo'
        ? `${ACTION_NAMES.todo} (${RECIPIENT_NAMES[action.recipient.role]})`
        : ACTION_NAMES[action.kind],
    )
    .join(', ');
}
