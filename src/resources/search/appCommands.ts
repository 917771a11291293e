import { ENTITIES, MENU, PAGES } from '../registry';
import { canAccessEntity } from '../canAccess';
import { allowedMenu } from '../menu';
import { searchWords } from '../searchWords.rules';

/** A screen or an action of the app, found by its German name. */
export interface AppCommand {
  key: string;
  label: string;
  detail: string;
  path: string;
  /** Lower-case words it is also found by ("neu" for a create). */
  words: string;
}

// A create reads best with its German article; the rest say "<Name> anlegen".
const CREATE_LABELS: Record<string, string> = {
  kunden: 'Neuer Kunde',
  aktivitaeten: 'Neue Aktivität',
  'admin-verkauf/text-templates': 'Neue Textvorlage',
  'admin/labels': 'Neues Label',
};

const areaOf = (path: string) => {
  const first = path.split('/')[0];
  return first === 'admin'
    ? 'Admin'
    : first === 'admin-verkauf'
      ? 'Admin-Verkauf'
      : first === 'admin-benutzer'
        ? 'Admin-Benutzer'
        : '';
};

/**
 * The screens and actions a person may open, from the declarations (menu, entities, pages) and their groups:
 * what the menu and the routes would refuse is not offered. The server checks every call anyway.
 */
export function appCommands(groups: readonly string[]): AppCommand[] {
  const commands = new Map<string, AppCommand>();
  const add = (command: AppCommand) => {
    if (!commands.has(command.path)) commands.set(command.path, command);
  };
  for (const item of allowedMenu(MENU, groups)) {
    add({
      key: `menu:${item.routerLink}`,
      label: item.label,
      detail: 'Menü',
      path: item.routerLink,
      words: '',
    });
    for (const sub of item.items ?? []) {
      add({
        key: `menu:${sub.routerLink}`,
        label: sub.label,
        detail: item.label,
        path: sub.routerLink,
        words: '',
      });
    }
  }
  for (const page of PAGES) {
    if (page.path.includes(':') || page.path.includes('*') || !groups.includes(page.group)) continue;
    const area = areaOf(page.path);
    add({
      key: `page:${page.path}`,
      label: page.label,
      detail: area || 'Seite',
      path: `/crm/${page.path}`,
      words: '',
    });
  }
  for (const entity of ENTITIES) {
    if (!canAccessEntity(groups, entity, 'list')) continue;
    const area = areaOf(entity.name);
    add({
      key: `list:${entity.name}`,
      label: entity.label.many,
      detail: area || 'Liste',
      path: `/crm/${entity.name}`,
      words: '',
    });
    if (entity.endpoints.create && canAccessEntity(groups, entity, 'create')) {
      add({
        key: `create:${entity.name}`,
        label: CREATE_LABELS[entity.name] ?? `${entity.label.one} anlegen`,
        detail: area ? `Aktion · ${area}` : 'Aktion',
        path: `/crm/${entity.name}/create`,
        words: 'neu neuer neue neues anlegen erstellen',
      });
    }
  }
  return [...commands.values()];
}

/** The commands whose name (or extra words) holds every typed word, those starting with the text first. */
export function matchCommands(commands: readonly AppCommand[], text: string, limit: number): AppCommand[] {
  const words = searchWords(text.toLowerCase());
  if (!words.length) return [];
  const hay = (command: AppCommand) => `${command.label} ${command.detail} ${command.words}`.toLowerCase();
  const starts = (command: AppCommand) => command.label.toLowerCase().startsWith(words[0]!);
  return commands
    .filter((command) => words.every((word) => hay(command).includes(word)))
    .sort((a, b) => Number(starts(b)) - Number(starts(a)))
    .slice(0, limit);
}
