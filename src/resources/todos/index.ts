import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

export default defineResource({
  pages: [
    definePage({
      path: 'todos',
      label: 'Todos',
      group: GROUPS.kunde,
      upcoming: { title: 'Todos', text: 'Hier sehen Sie Ihre offenen und fälligen Aktivitäten.' },
    }),
  ],
});
