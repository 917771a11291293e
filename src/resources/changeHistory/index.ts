import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

export default defineResource({
  pages: [
    definePage({
      path: 'admin/aenderungsverlauf',
      label: 'Änderungsverlauf',
      area: 'admin',
      tabOrder: 92,
      group: GROUPS.admin,
      component: () => import('./ChangeHistoryPage'),
    }),
  ],
});
