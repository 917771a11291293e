import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

export default defineResource({
  pages: [
    definePage({
      path: 'admin/datenabgleich',
      label: 'Datenabgleich',
      area: 'admin',
      tabOrder: 85,
      group: GROUPS.admin,
      component: () => import('./DataSyncPage'),
    }),
  ],
});
