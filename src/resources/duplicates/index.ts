import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

// Admin-Verkauf's tab of likely duplicates and the merge screen it opens (not a tab of its own).
export default defineResource({
  pages: [
    definePage({
      path: 'admin-verkauf/dubletten',
      label: 'Dubletten',
      area: 'admin-verkauf',
      tabOrder: 70,
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
