import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

export default defineResource({
  pages: [
    definePage({
      path: 'admin/einstellungen',
      label: 'Einstellungen',
      area: 'admin',
      tabOrder: 90,
      group: GROUPS.admin,
      component: () => import('./GlobalSettingsPage'),
    }),
  ],
});
