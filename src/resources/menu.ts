import type { AppGroup } from '../auth/groups';

/** An entry of the main menu: label, icon name, route, the group it needs, sub-items. */
export interface MenuItem {
  label: string;
  /** The key of its icon in the area's `menuIcons.tsx`. */
  icon: string;
  routerLink: string;
  appGroup: AppGroup;
  /** What the area holds, in the user's words: the user manual (handbuch.pdf) is made from these. */
  description: string;
  items?: readonly Omit<MenuItem, 'items' | 'appGroup'>[];
  /** Always shown open (Vorgangsübersicht). */
  forceExpanded?: boolean;
}

/** A menu entry as its area declares it (`src/resources/<area>/menu.ts`): the item and its place. */
export interface MenuEntry extends MenuItem {
  /** Position in the menu, lower first; every entry has its own. */
  order: number;
}

/** Declares an area's menu entries (usually one; the shell holds the three admin areas'). */
export function defineMenu(...entries: MenuEntry[]): readonly MenuEntry[] {
  return Object.freeze(entries.map((entry) => Object.freeze(entry)));
}

/** The main menu from every area's entries, in their order; two entries in one place or route are a mistake. */
export function orderedMenu(declared: readonly (readonly MenuEntry[])[]): readonly MenuItem[] {
  const entries = declared.flat().sort((a, b) => a.order - b.order);
  for (const [index, entry] of entries.entries()) {
    const earlier = entries.slice(0, index);
    if (earlier.some((other) => other.order === entry.order || other.routerLink === entry.routerLink)) {
      throw new Error(`Menüeintrag "${entry.label}": Position oder Adresse ist schon vergeben.`);
    }
  }
  return entries.map(({ order: _order, ...item }) => item);
}

/** The entries a person with these groups sees: an entry whose group the person lacks is hidden. */
export const allowedMenu = (menu: readonly MenuItem[], groups: readonly string[]): MenuItem[] =>
  menu.filter((item) => groups.includes(item.appGroup));

/** Whether `pathname` is the item's page or below it (sub-items match exactly). */
export const isActive = (routerLink: string, pathname: string, exact = false) =>
  exact ? pathname === routerLink : pathname === routerLink || pathname.startsWith(`${routerLink}/`);
