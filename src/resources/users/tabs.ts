import { defineTab } from '../tab';

/** admin-benutzer → Mein Standort: its tab and its paragraph in the user manual. */
export const colleaguesTab = defineTab({
  area: 'admin-benutzer',
  label: 'Mein Standort',
  tabOrder: 20,
  description: 'Die Kollegen Ihres Standorts.',
});
