import { defineTab } from '../tab';

/** admin → Automatisierung (APP_ADMIN: every automation); the user manual's text is in manual.ts. */
export const automationAdminTab = defineTab({
  area: 'admin',
  label: 'Automatisierung',
  tabOrder: 91,
});

/** admin-verkauf → Automatisierung (the sales lead: the automations of the branches they lead). */
export const automationSalesTab = defineTab({
  area: 'admin-verkauf',
  label: 'Automatisierung',
  tabOrder: 80,
});
