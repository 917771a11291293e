import { GROUPS } from '../../auth/groups';
import { definePage, defineResource, type AreaDeclaration } from '../resource';
import branch from './branch.entity';
import entity from './user.entity';
import { colleaguesTab } from './tabs';

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
        ...colleaguesTab,
        group: GROUPS.admin,
        component: () => import('./ColleaguesPage'),
      }),
    ],
  }),
  defineResource({ entity: branch }),
] satisfies AreaDeclaration;
