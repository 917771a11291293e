import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';
import { bulkActionsTab } from './tabs';

// Admin's list of every bulk job, with its report and "Rückgängig machen".
export default defineResource({
  pages: [
    definePage({
      path: 'admin/sammelaktionen',
      ...bulkActionsTab,
      group: GROUPS.admin,
      component: () => import('./BulkJobsPage'),
    }),
  ],
});
