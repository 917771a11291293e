import { CUSTOMER_TYPE_NAMES } from '../../src/resources/automation/automation.rules';
import { BELEG_TYPE_LABELS, VORGANG_STATUS_LABELS } from '../../src/resources/vorgaenge/vorgangListTypes';
import { formatEuroCents } from '../../src/i18n/format';
import type { Definition } from '../../src/resources/automation/automationTypes';
import {
  ACTION_NAMES,
  DATE_FIELD_NAMES,
  OFFER_ANSWER_NAMES,
  OFFER_OPENED_NAMES,
  RECIPIENT_NAMES,
} from '../../src/resources/automation/automation.rules';
import type { Executor } from '../platform/entities/entityRepository';

/** Names of the statuses, users and branches a definition refers to, read once per list. */
export interface Names {
  statuses: Map<number, string>;
  users: Map<number, string>;
  branches: Map<number, string>;
}

/** The names of all statuses, users and branches (few rows each). */
export async function loadNames(db: Executor): Promise<Names> {
  const statuses = await db.selectFrom('custom_status').select(['id', 'name']).execute();
  const users = await db.selectFrom('app_user').select(['id', 'name']).execute();
  const branches = await db.selectFrom('branch').select(['id', 'name']).execute();
  return {
    statuses: new Map(statuses.map((row) => [row.id, row.name])),
    users: new Map(users.map((row) => [row.id, row.name])),
    branches: new Map(branches.map((row) => [row.id, row.name])),
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
      return `${days} ${days === 1 ? 'Arbeitstag' : 'Arbeitstage'} ${side} „${DATE_FIELD_NAMES[trigger.field]}“`;
    }
    case 'inaktiv':
      return `Offener Vorgang ohne Aktivität seit ${trigger.workingDays} Arbeitstagen`;
    case 'nps':
      return `NPS-Antwort ${trigger.minScore}–${trigger.maxScore}`;
    case 'angebotOnline':
      return `Online-Angebot ${trigger.answers.map((answer) => OFFER_ANSWER_NAMES[answer]).join(' oder ')}`;
  }
}

/** The conditions in words ("Filiale: Villach; Vorgang: Angebot; Betrag ab 5.000,00 €"), "keine" without any. */
export function conditionsText(definition: Definition, names: Names): string {
  const c = definition.conditions;
  const list = (ids: number[], map: Map<number, string>) =>
    ids.map((id) => map.get(id) ?? `Nr. ${id}`).join(', ');
  const parts = [
    c.branchIds.length ? `Filiale: ${list(c.branchIds, names.branches)}` : '',
    c.vorgangStatuses.length
      ? `Vorgang: ${c.vorgangStatuses.map((code) => VORGANG_STATUS_LABELS[code]).join(', ')}`
      : '',
    c.minAmountCents !== null ? `Betrag ab ${formatEuroCents(c.minAmountCents)}` : '',
    c.maxAmountCents !== null ? `Betrag bis ${formatEuroCents(c.maxAmountCents)}` : '',
    c.customStatusIds.length ? `Eigener Status: ${list(c.customStatusIds, names.statuses)}` : '',
    c.customerTypes.length
      ? `Kundentyp: ${c.customerTypes.map((code) => CUSTOMER_TYPE_NAMES[code]).join(', ')}`
      : '',
    c.offerOpened ? `Online-Angebot ${OFFER_OPENED_NAMES[c.offerOpened]}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : 'keine';
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
