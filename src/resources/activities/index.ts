import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';
import entity from './activity.entity';

export default defineResource({
  entity,
  pages: [
    // Beside Todos (a tab there): where a seller already looks for their work; the menu stays as SPEC §2 has it.
    definePage({
      path: 'todos/aktivitaeten',
      label: 'Aktivitäten',
      group: GROUPS.kunde,
      component: () => import('./ActivitiesPage'),
    }),
  ],
});
