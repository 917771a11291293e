import { GROUPS } from '../../auth/groups';
import { defineResource } from '../resource';

// The data-protection requests, offered on the customer page to the administration only.
export default defineResource({
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
