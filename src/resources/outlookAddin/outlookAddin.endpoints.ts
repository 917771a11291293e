import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableString } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const SenderCustomer = Type.Object({
  id: Id(),
  name: NullableString(),
  city: NullableString(),
  phone: NullableString(),
  /** Matched by the customer's own address, or by an Endkunde's address on one of its Vorgänge. */
  matchedBy: Type.Union([Type.Literal('kunde'), Type.Literal('endkunde')]),
});

/** What the Outlook side panel shows for the sender of the open mail. */
export const SenderOverview = Type.Object({
  customer: Type.Union([SenderCustomer, Type.Null()]),
  /** Further customers with the same address (a household, a duplicate): the panel lets the person choose. */
  others: Type.Array(Type.Object({ id: Id(), name: NullableString(), city: NullableString() })),
  vorgaenge: Type.Array(
    Type.Object({ id: Id(), number: Type.String(), title: Type.String(), status: Type.String() }),
  ),
  lastOffer: Type.Union([
    Type.Object({
      vorgangId: Id(),
      vorgangNumber: Type.String(),
      number: Type.String(),
      date: Type.String(),
      netCents: Type.Integer(),
    }),
    Type.Null(),
  ]),
});
export type SenderOverview = Static<typeof SenderOverview>;

/** The customer behind an e-mail address (any domain, any letter case), its open Vorgänge and its last offer. */
export const getSenderOverview = defineEndpoint({
  method: 'GET',
  path: 'outlookAddin/sender',
  access: { groups: [GROUPS.kunde] },
  tags: ['Outlook'],
  summary: 'Outlook-Seitenleiste: Kunde zur Absenderadresse, offene Vorgänge, letztes Angebot',
  query: Type.Object({
    email: Type.String({ minLength: 3, maxLength: 320, description: 'Absenderadresse' }),
  }),
  response: SenderOverview,
});
