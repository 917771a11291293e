import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';
import { isPhoneLanding } from './phoneLanding';

/** "Besuch erfassen" (with photos), for other areas' pages to open with their customer (loaded when asked). */
export const loadBesuchDialog = () => import('./BesuchDialog');
export type { BesuchTarget } from './BesuchDialog';

export default defineResource({
  pages: [
    definePage({
      path: 'dashboard',
      label: 'Dashboard',
      group: GROUPS.kunde,
      // Without APP_KUNDE the landing page explains which group shows what, not just "Keine Berechtigung".
      noPermission: () => import('./NoCustomerAccess'),
      // A phone gets Mein Tag, a page of its own with none of the desk's figures and charts in its code.
      component: () =>
        isPhoneLanding()
          ? import('./MyDayPhonePage').then((module) => ({ default: module.MyDayPhonePage }))
          : import('./DashboardPage').then((module) => ({ default: module.DashboardPage })),
    }),
  ],
});
