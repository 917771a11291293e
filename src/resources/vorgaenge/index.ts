import { GROUPS } from '../../auth/groups';
import { definePage, defineResource, firstCall } from '../resource';
import { getVorgang } from './vorgang.endpoints';
import { getAllVorgangs } from './vorgangList.endpoints';
import { vorgangListState } from './vorgangListState.rules';

export default defineResource({
  pages: [
    definePage({
      path: 'vorgang',
      label: 'Vorgangsübersicht',
      group: GROUPS.kunde,
      component: () => import('./VorgangList'),
      firstCalls: ({ search }) => {
        const { filter, page, perPage } = vorgangListState(search);
        return [firstCall(getAllVorgangs, { query: { ...filter, page, perPage } })];
      },
    }),
    // One Vorgang; the breadcrumb names it (its number and Bezeichnung), so the label here is a fallback.
    definePage({
      path: 'vorgang/:id',
      label: 'Vorgang',
      group: GROUPS.kunde,
      component: () => import('./page/VorgangPage'),
      firstCalls: ({ params }) => {
        const id = Number(params.id);
        return Number.isInteger(id) && id > 0 ? [firstCall(getVorgang, { params: { id } })] : [];
      },
    }),
    definePage({
      path: 'vorgang/faellig',
      label: 'Fällige Labels',
      group: GROUPS.kunde,
      component: () => import('./DueLabelsPage'),
    }),
    // The board and, over it, an opened card (/crm/vorgang/kartenansicht/:id): one route, so opening a
    // card does not read the board again; a lazy chunk of its own (drag and drop, virtual lists).
    definePage({
      path: 'vorgang/kartenansicht/*',
      label: 'Kartenansicht',
      group: GROUPS.kunde,
      component: () => import('./kanban/KanbanPage'),
    }),
  ],
});
