import { defineTab } from '../tab';

/** admin-verkauf → Dubletten: its tab (the user manual's text for it is in manual.ts). */
export const duplicatesTab = defineTab({
  area: 'admin-verkauf',
  label: 'Dubletten',
  tabOrder: 70,
});
