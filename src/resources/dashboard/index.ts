import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

export default defineResource({
  pages: [
    definePage({
      path: 'dashboard',
      label: 'Dashboard',
      group: GROUPS.kunde,
      // Without APP_KUNDE the landing page explains which group shows what, not just "Keine Berechtigung".
      noPermission: () => import('./NoCustomerAccess'),
      component: () => import('./DashboardPage').then((module) => ({ default: module.DashboardPage })),
    }),
  ],
});
