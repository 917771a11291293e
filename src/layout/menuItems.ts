import { GROUPS, type AppGroup } from '../auth/groups';

/** A menu entry of SPEC §2/§3: label, icon name, route, the group it needs, sub-items. */
export interface MenuItem {
  label: string;
  icon: MenuIcon;
  routerLink: string;
  appGroup: AppGroup;
  items?: readonly Omit<MenuItem, 'items' | 'appGroup'>[];
  /** Always shown open (Vorgangsübersicht). */
  forceExpanded?: boolean;
}

export type MenuIcon =
  | 'dashboard'
  | 'todos'
  | 'nps'
  | 'kunden'
  | 'vorgang'
  | 'vorgangListe'
  | 'faellig'
  | 'kanban'
  | 'dateien'
  | 'admin'
  | 'adminVerkauf'
  | 'adminBenutzer';

/** The menu exactly as SPEC §2's table lists it. */
export const MENU: readonly MenuItem[] = [
  { label: 'Dashboard', icon: 'dashboard', routerLink: '/crm/dashboard', appGroup: GROUPS.kunde },
  { label: 'Todos', icon: 'todos', routerLink: '/crm/todos', appGroup: GROUPS.kunde },
  { label: 'NPS', icon: 'nps', routerLink: '/crm/nps', appGroup: GROUPS.nps },
  { label: 'Kunden', icon: 'kunden', routerLink: '/crm/kunden', appGroup: GROUPS.kunde },
  {
    label: 'Vorgangsübersicht',
    icon: 'vorgang',
    routerLink: '/crm/vorgang',
    appGroup: GROUPS.kunde,
    forceExpanded: true,
    items: [
      { label: 'Vorgänge', icon: 'vorgangListe', routerLink: '/crm/vorgang' },
      { label: 'Fällige Labels', icon: 'faellig', routerLink: '/crm/vorgang/faellig' },
      { label: 'Kartenansicht', icon: 'kanban', routerLink: '/crm/vorgang/kartenansicht' },
    ],
  },
  { label: 'Dateien', icon: 'dateien', routerLink: '/crm/download', appGroup: GROUPS.dateien },
  { label: 'Admin', icon: 'admin', routerLink: '/crm/admin', appGroup: GROUPS.admin },
  {
    label: 'Admin-Verkauf',
    icon: 'adminVerkauf',
    routerLink: '/crm/admin-verkauf',
    appGroup: GROUPS.adminVerkauf,
  },
  {
    label: 'Admin-Benutzer',
    icon: 'adminBenutzer',
    routerLink: '/crm/admin-benutzer',
    appGroup: GROUPS.admin,
  },
];

/** The entries a person with these groups sees (SPEC §2: entries whose group is missing are hidden). */
export const allowedMenu = (groups: readonly string[]): MenuItem[] =>
  MENU.filter((item) => groups.includes(item.appGroup));

/** Whether `pathname` is the item's page or below it (sub-items match exactly). */
export const isActive = (routerLink: string, pathname: string, exact = false) =>
  exact ? pathname === routerLink : pathname === routerLink || pathname.startsWith(`${routerLink}/`);
