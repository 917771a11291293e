import { GROUPS } from '../../auth/groups';
import { definePage, defineResource, type AreaDeclaration } from '../resource';
import branch from './branch.entity';
import entity from './user.entity';

// People: the CRM's users and the branches (Filialen) they work in.
export default [
  defineResource({
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
  }),
  defineResource({ entity: branch }),
] satisfies AreaDeclaration;
