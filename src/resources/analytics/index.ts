import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

export default defineResource({
  pages: [
    definePage({
      path: 'admin/nutzung',
      label: 'Nutzung',
      area: 'admin',
      tabOrder: 900,
      group: GROUPS.admin,
      component: () => import('./AnalyticsReportPage'),
    }),
  ],
});
