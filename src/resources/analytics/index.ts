import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';
import { usageTab } from './tabs';

export default defineResource({
  pages: [
    definePage({
      path: 'admin/nutzung',
      ...usageTab,
      group: GROUPS.admin,
      component: () => import('./AnalyticsReportPage'),
    }),
  ],
});
