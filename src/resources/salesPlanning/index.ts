import { GROUPS } from '../../auth/groups';
import { definePage, defineResource, type AreaDeclaration } from '../resource';
import entity from './salesTarget.entity';

// The sales planning area: the sales targets with Soll/Ist, and the sales curve.
export default [
  defineResource({
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
  }),
  defineResource({
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
  }),
] satisfies AreaDeclaration;
