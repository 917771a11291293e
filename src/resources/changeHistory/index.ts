import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';
import { changeHistoryTab } from './tabs';

export default defineResource({
  pages: [
    definePage({
      path: 'admin/aenderungsverlauf',
      ...changeHistoryTab,
      group: GROUPS.admin,
      component: () => import('./ChangeHistoryPage'),
    }),
  ],
});
