import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';
import { privacyLogTab } from './tabs';

// The data-protection requests, offered on the customer page to the administration only, and their log.
export default defineResource({
  pages: [
    definePage({
      path: 'admin/datenschutz',
      ...privacyLogTab,
      group: GROUPS.admin,
      component: () => import('./PrivacyLogPage'),
    }),
  ],
  recordActions: [
    {
      resource: 'kunden',
      label: 'Auskunft (Art. 15 DSGVO)',
      group: GROUPS.admin,
      component: () => import('./DataReportDialog'),
    },
    {
      resource: 'kunden',
      label: 'Löschen / Anonymisieren (Art. 17 DSGVO)',
      group: GROUPS.admin,
      component: () => import('./EraseCustomerDialog'),
    },
  ],
});
