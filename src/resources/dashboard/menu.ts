import { GROUPS } from '../../auth/groups';
import { defineMenu } from '../menu';

/** The area's entry in the main menu. */
export default defineMenu({
  order: 10,
  label: 'Dashboard',
  icon: 'dashboard',
  routerLink: '/crm/dashboard',
  appGroup: GROUPS.kunde,
  description:
    'Ihre Startseite: unter „Heute“ das Überfällige und heute Fällige, darunter Kennzahlen (offene Angebote, Aufträge, Quote vom Angebot zum Auftrag) mit dem Vorjahr, ein Verlauf Ihrer Aktivitäten und Umsätze, die zuletzt bearbeiteten Vorgänge und Angebote ohne Aktivität seit 14 Tagen. Ein Klick auf eine Kennzahl öffnet die passenden Vorgänge. Verkaufsleiter wählen oben, ob sie sich selbst, ihre Filiale oder einen Verkäufer sehen.',
});
