import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

// Admin's list of the background jobs that failed on their last try, with "Erneut versuchen".
export default defineResource({
  pages: [
    definePage({
      path: 'admin/hintergrundaufgaben',
      label: 'Hintergrundaufgaben',
      area: 'admin',
      tabOrder: 94,
      group: GROUPS.admin,
      component: () => import('./FailedJobsPage'),
    }),
  ],
});
