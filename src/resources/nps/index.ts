import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

export default defineResource({
  pages: [
    definePage({
      path: 'nps',
      label: 'NPS',
      group: GROUPS.nps,
      component: () => import('./NpsPage'),
    }),
  ],
});
