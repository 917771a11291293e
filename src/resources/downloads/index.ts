import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

export default defineResource({
  pages: [
    definePage({
      path: 'download',
      label: 'Dateien',
      group: GROUPS.dateien,
      component: () => import('./DownloadsPage'),
    }),
  ],
});
