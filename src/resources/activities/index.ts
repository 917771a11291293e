import { GROUPS } from '../../auth/groups';
import { definePage, defineResource, type AreaDeclaration } from '../resource';
import entity from './activity.entity';
import reason from './reason.entity';

// Activities and the reasons (Gründe) a seller picks for one.
export default [
  defineResource({
    entity,
    pages: [
      // A tab beside Todos, where a seller already looks for their work; the main menu keeps its fixed entries.
      definePage({
        path: 'todos/aktivitaeten',
        label: 'Aktivitäten',
        group: GROUPS.kunde,
        component: () => import('./ActivitiesPage'),
      }),
    ],
  }),
  defineResource({ entity: reason }),
] satisfies AreaDeclaration;
