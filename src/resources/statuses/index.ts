import { GROUPS } from '../../auth/groups';
import { definePage, defineResource, type AreaDeclaration } from '../resource';
import entity from './customStatus.entity';
import { systemStatusTab } from './tabs';

// The statuses area: the tenant's custom statuses (with their board order) and the system's possible statuses.
export default [
  defineResource({
    entity,
    list: () => import('./CustomStatusList'),
  }),
  defineResource({
    pages: [
      definePage({
        path: 'admin/systemstatus',
        ...systemStatusTab,
        group: GROUPS.admin,
        component: () => import('./PossibleStatusPage'),
      }),
    ],
  }),
] satisfies AreaDeclaration;
