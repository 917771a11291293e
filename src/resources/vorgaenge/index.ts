import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

export default defineResource({
  pages: [
    definePage({
      path: 'vorgang',
      label: 'Vorgangsübersicht',
      group: GROUPS.kunde,
      component: () => import('./VorgangList'),
    }),
    definePage({
      path: 'vorgang/faellig',
      label: 'Fällige Labels',
      group: GROUPS.kunde,
      upcoming: { title: 'Fällige Labels', text: 'Hier stehen die Vorgänge, deren Labels fällig sind.' },
    }),
    definePage({
      path: 'vorgang/kartenansicht',
      label: 'Kartenansicht',
      group: GROUPS.kunde,
      upcoming: {
        title: 'Kartenansicht',
        text: 'Hier ordnen Sie Vorgänge als Karten in Spalten nach ihrem Status.',
      },
    }),
  ],
});
