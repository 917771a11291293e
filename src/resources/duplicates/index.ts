import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

// The sales lead's pages (the server also lets the administration in, every call checks both groups).
export default defineResource({
  pages: [
    definePage({
      path: 'dubletten',
      label: 'Dubletten',
      group: GROUPS.adminVerkauf,
      component: () => import('./DuplicatesPage'),
    }),
    definePage({
      path: 'dubletten/:id/:otherId',
      label: 'Zusammenführen',
      group: GROUPS.adminVerkauf,
      component: () => import('./MergePage'),
    }),
  ],
});
