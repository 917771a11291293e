import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

// Todos → Kalender: the Termine by day, week and month (the calendar component loads with this page only).
export default defineResource({
  pages: [
    definePage({
      path: 'todos/kalender',
      label: 'Kalender',
      group: GROUPS.kunde,
      component: () => import('./CalendarPage'),
    }),
  ],
});
