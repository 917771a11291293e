import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';
import { dataSyncTab } from './tabs';

export default defineResource({
  pages: [
    definePage({
      path: 'admin/datenabgleich',
      ...dataSyncTab,
      group: GROUPS.admin,
      component: () => import('./DataSyncPage'),
    }),
  ],
});
