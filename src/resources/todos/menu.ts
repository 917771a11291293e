import { GROUPS } from '../../auth/groups';
import { defineMenu } from '../menu';

/** The area's entry in the main menu. */
export default defineMenu({
  order: 20,
  label: 'Todos',
  icon: 'todos',
  routerLink: '/crm/todos',
  appGroup: GROUPS.kunde,
  description:
    'Alles, was fällig ist: offene Aktivitäten mit Fälligkeit und fällige Labels an Kunden und Vorgängen, gruppiert nach Überfällig, Heute, Morgen, Diese Woche und Später. Erledigtes haken Sie ab, anderes verschieben Sie; beides lässt sich gleich wieder rückgängig machen. Der Reiter „Aktivitäten“ listet alle Ihre Aktivitäten mit Filtern und Excel-Export.',
});
