import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

export default defineResource({
  pages: [
    definePage({
      path: 'vorgang',
      label: 'Vorgangsübersicht',
      group: GROUPS.kunde,
      upcoming: { title: 'Vorgänge', text: 'Hier finden Sie alle Vorgänge mit Status und Volumen.' },
    }),
    definePage({
      path: 'vorgang/faellig',
      label: 'Fällige Labels',
      group: GROUPS.kunde,
      component: () => import('./DueLabelsPage'),
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
