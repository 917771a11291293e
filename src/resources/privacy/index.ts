import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

// The data-protection requests, offered on the customer page to the administration only, and their log.
export default defineResource({
  pages: [
    definePage({
      path: 'admin/datenschutz',
      label: 'Datenschutz',
      area: 'admin',
      tabOrder: 93,
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
