import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { NullableString } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import { Year } from './salesCurve.endpoints';

/** Target vs actual of a year: each target with invoiced revenue and the target to date. */
export const getSalesTargetData = defineEndpoint({
  method: 'GET',
  path: 'sales-target/getSalesTargetData',
  access: { groups: [GROUPS.adminVerkauf] },
  tags: ['Verkaufsziele'],
  summary:
    'Soll/Ist eines Jahres: jedes Ziel mit dem Umsatz (Rechnungen abzüglich Gutschriften) und dem Soll bis heute',
  query: Type.Object({ year: Year() }),
  response: Type.Array(
    Type.Object({
      id: Type.Integer(),
      kind: Type.Union([Type.Literal('verkaeufer'), Type.Literal('filiale')]),
      owner: Type.String(),
      productGroup: NullableString(),
      targetCents: Type.Integer(),
      actualCents: Type.Integer(),
      expectedToDateCents: Type.Integer(),
    }),
  ),
});
