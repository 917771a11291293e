import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

// Profil → Microsoft 365: the person's own connection (reached from the profile panel, no menu entry).
export default defineResource({
  pages: [
    definePage({
      path: 'microsoft-365',
      label: 'Microsoft 365',
      group: GROUPS.kunde,
      component: () => import('./Microsoft365Page'),
    }),
  ],
});
