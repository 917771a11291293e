import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

export default defineResource({
  pages: [
    definePage({
      path: 'admin/systemstatus',
      label: 'Systemstatus',
      area: 'admin',
      tabOrder: 45,
      group: GROUPS.admin,
      component: () => import('./PossibleStatusPage'),
    }),
  ],
});
