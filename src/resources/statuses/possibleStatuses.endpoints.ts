import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { GROUPS } from '../../auth/groups';

/** The system statuses a Vorgang derives from its Belege, in their order, with their counts. */
export const getAllPossibleStatus = defineEndpoint({
  method: 'GET',
  path: 'admin/getAllPossibleStatus',
  access: { groups: [GROUPS.admin, GROUPS.kunde] },
  tags: ['Status'],
  summary: 'Systemstatus eines Vorgangs (aus seinen Belegen abgeleitet), in ihrer Reihenfolge',
  response: Type.Array(
    Type.Object({
      code: Type.String(),
      name: Type.String(),
      sortOrder: Type.Integer(),
      vorgaenge: Type.Integer({ description: 'Vorgänge in diesem Status' }),
    }),
  ),
});
