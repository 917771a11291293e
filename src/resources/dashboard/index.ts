import { definePage, defineResource } from '../resource';

export default defineResource({
  pages: [
    definePage({
      path: 'dashboard',
      label: 'Dashboard',
      component: () => import('./DashboardPage').then((module) => ({ default: module.DashboardPage })),
    }),
  ],
});
