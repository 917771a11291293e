import { GROUPS } from '../../auth/groups';
import { definePage, defineResource, type AreaDeclaration } from '../resource';
import stammdaten from './stammdaten.entity';
import { globalSettingsTab } from './tabs';

// The CRM's settings: Einstellungen and the small option lists (Stammdaten) the admins keep.
export default [
  defineResource({
    pages: [
      definePage({
        path: 'admin/einstellungen',
        ...globalSettingsTab,
        group: GROUPS.admin,
        component: () => import('./GlobalSettingsPage'),
      }),
    ],
  }),
  defineResource({ entity: stammdaten }),
] satisfies AreaDeclaration;
