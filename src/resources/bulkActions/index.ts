import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

// Admin's list of every bulk job, with its report and "Rückgängig machen".
export default defineResource({
  pages: [
    definePage({
      path: 'admin/sammelaktionen',
      label: 'Sammelaktionen',
      area: 'admin',
      tabOrder: 93,
      group: GROUPS.admin,
      component: () => import('./BulkJobsPage'),
    }),
  ],
});
