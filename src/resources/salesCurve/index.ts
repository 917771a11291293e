import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

export default defineResource({
  pages: [
    definePage({
      path: 'admin-verkauf/verkaufskurve',
      label: 'Verkaufskurve',
      area: 'admin-verkauf',
      tabOrder: 50,
      group: GROUPS.adminVerkauf,
      component: () => import('./SalesCurvePage'),
    }),
  ],
});
