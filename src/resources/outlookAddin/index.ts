import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

// The Outlook side panel (task pane): the sender's customer and what to do with the open mail.
export default defineResource({
  pages: [
    definePage({
      path: 'outlook',
      label: 'Outlook',
      group: GROUPS.kunde,
      component: () => import('./OutlookPane'),
    }),
  ],
});
