import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { GROUPS } from '../../auth/groups';

/** The board order of the custom statuses, saved as one change (409 when the list changed meanwhile). */
export const reorderCustomStatuses = defineEndpoint({
  method: 'PUT',
  path: 'customStatus/reorder',
  access: { groups: [GROUPS.admin] },
  tags: ['Eigene Status'],
  summary: 'Reihenfolge der Spalten der Kartenansicht setzen: alle Status-IDs in der neuen Reihenfolge',
  body: Type.Object({ ids: Type.Array(Type.Integer(), { maxItems: 500 }) }),
  response: Type.Object({ ids: Type.Array(Type.Integer()) }),
});
