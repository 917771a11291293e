import { GROUPS } from '../../auth/groups';
import { definePage, defineResource, type AreaDeclaration } from '../resource';
import { legalTextsTab } from './tabs';

// Angebot online: the admin's legal texts (the public page is a top-level route, the panel a door of the Vorgang).
export default [
  defineResource({
    pages: [
      definePage({
        path: 'admin/rechtstexte',
        ...legalTextsTab,
        group: GROUPS.admin,
        component: () => import('./LegalTextsPage'),
      }),
    ],
  }),
] satisfies AreaDeclaration;
