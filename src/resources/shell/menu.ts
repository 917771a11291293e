import { GROUPS } from '../../auth/groups';
import { defineMenu } from '../menu';

/** The three admin areas' menu entries: each opens a page with a tab per entity or page of the area. */
export default defineMenu(
  {
    order: 70,
    label: 'Admin',
    icon: 'admin',
    routerLink: '/crm/admin',
    appGroup: GROUPS.admin,
    description: 'Die Einstellungen des CRM in drei Gruppen von Reitern: Stammdaten, Artikel und System.',
  },
  {
    order: 80,
    label: 'Admin-Verkauf',
    icon: 'adminVerkauf',
    routerLink: '/crm/admin-verkauf',
    appGroup: GROUPS.adminVerkauf,
    description: 'Für die Verkaufsleitung: Filialen, Produkte, Verkaufsziele, Textvorlagen und Dubletten.',
  },
  {
    order: 90,
    label: 'Admin-Benutzer',
    icon: 'adminBenutzer',
    routerLink: '/crm/admin-benutzer',
    appGroup: GROUPS.admin,
    description: 'Die Benutzer des CRM und die Kollegen Ihres Standorts.',
  },
);
