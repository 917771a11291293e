import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';
import entity from './user.entity';

export default defineResource({
  entity,
  list: () => import('./UserList'),
  create: () => import('./UserCreate'),
  edit: () => import('./UserEdit'),
  pages: [
    definePage({
      path: 'admin-benutzer/mein-standort',
      label: 'Mein Standort',
      area: 'admin-benutzer',
      tabOrder: 20,
      group: GROUPS.admin,
      component: () => import('./ColleaguesPage'),
    }),
  ],
});
