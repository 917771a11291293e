import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';
import entity from './salesTarget.entity';

export default defineResource({
  entity,
  pages: [
    definePage({
      path: 'admin-verkauf/soll-ist',
      label: 'Soll/Ist',
      area: 'admin-verkauf',
      tabOrder: 45,
      group: GROUPS.adminVerkauf,
      component: () => import('./TargetVsActualPage'),
    }),
  ],
});
