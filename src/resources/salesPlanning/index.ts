import { GROUPS } from '../../auth/groups';
import { definePage, defineResource, type AreaDeclaration } from '../resource';
import goodsGroup from './goodsGroup.entity';
import productGroup from './productGroup.entity';
import entity from './salesTarget.entity';
import { targetVsActualTab, salesCurveTab } from './tabs';

// The sales planning area: the sales targets with Soll/Ist, the sales curve, and the product and goods groups
// that targets and revenue are counted by.
export default [
  defineResource({
    entity,
    pages: [
      definePage({
        path: 'admin-verkauf/soll-ist',
        ...targetVsActualTab,
        group: GROUPS.adminVerkauf,
        component: () => import('./TargetVsActualPage'),
      }),
    ],
  }),
  defineResource({
    pages: [
      definePage({
        path: 'admin-verkauf/verkaufskurve',
        ...salesCurveTab,
        group: GROUPS.adminVerkauf,
        component: () => import('./SalesCurvePage'),
      }),
    ],
  }),
  defineResource({ entity: productGroup }),
  defineResource({ entity: goodsGroup }),
] satisfies AreaDeclaration;
