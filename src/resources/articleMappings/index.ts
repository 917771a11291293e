import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';
import entity from './articleMapping.entity';

export default defineResource({
  entity,
  pages: [
    definePage({
      path: 'admin/mapping-statistik',
      label: 'Mapping-Statistik',
      area: 'admin',
      tabOrder: 80,
      group: GROUPS.admin,
      component: () => import('./MappingStatisticsPage'),
    }),
  ],
});
