import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';
import { duplicatesTab } from './tabs';

// Admin-Verkauf's tab of likely duplicates and the merge screen it opens (not a tab of its own).
export default defineResource({
  pages: [
    definePage({
      path: 'admin-verkauf/dubletten',
      ...duplicatesTab,
      group: GROUPS.adminVerkauf,
      component: () => import('./DuplicatesPage'),
    }),
    definePage({
      path: 'admin-verkauf/dubletten/:id/:otherId',
      label: 'Zusammenführen',
      group: GROUPS.adminVerkauf,
      component: () => import('./MergePage'),
    }),
  ],
});
