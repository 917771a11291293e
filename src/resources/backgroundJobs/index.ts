import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';
import { failedJobsTab } from './tabs';

// Admin's list of the background jobs that failed on their last try, with "Erneut versuchen".
export default defineResource({
  pages: [
    definePage({
      path: 'admin/hintergrundaufgaben',
      ...failedJobsTab,
      group: GROUPS.admin,
      component: () => import('./FailedJobsPage'),
    }),
  ],
});
