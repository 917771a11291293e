import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';
import { automationAdminTab, automationSalesTab } from './tabs';

const list = () => import('./AutomationListPage');
const edit = () => import('./AutomationEditPage');

// Admin → Automatisierung for APP_ADMIN (every automation), Admin-Verkauf → Automatisierung for the sales lead
// (the server answers only the automations of the branches they lead): the same screens under both areas.
export default defineResource({
  pages: [
    definePage({
      path: 'admin/automatisierung',
      ...automationAdminTab,
      group: GROUPS.admin,
      component: list,
    }),
    definePage({
      path: 'admin/automatisierung/:id',
      label: 'Automatisierung bearbeiten',
      group: GROUPS.admin,
      component: edit,
    }),
    definePage({
      path: 'admin-verkauf/automatisierung',
      ...automationSalesTab,
      group: GROUPS.adminVerkauf,
      component: list,
    }),
    definePage({
      path: 'admin-verkauf/automatisierung/:id',
      label: 'Automatisierung bearbeiten',
      group: GROUPS.adminVerkauf,
      component: edit,
    }),
  ],
});
