import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

export default defineResource({
  pages: [
    definePage({
      path: 'todos',
      label: 'Todos',
      group: GROUPS.kunde,
      component: () => import('./TodosPage'),
    }),
  ],
});
