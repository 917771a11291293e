import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableInteger, NullableString } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

/** How many hits each group of the command menu shows at most. */
export const SEARCH_GROUP_LIMIT = 5;

const CustomerHit = Type.Object({
  id: Id(),
  name: Type.String(),
  customerNumber: NullableString(),
  city: NullableString(),
  phone: NullableString(),
  email: NullableString(),
  matched: Type.Union([Type.Object({ label: Type.String(), value: Type.String() }), Type.Null()], {
    description:
      'Das Feld, in dem der Text gefunden wurde (Mobil, Telefon, E-Mail, Kundennummer, Ort); null: im Namen',
  }),
});

const EndCustomerHit = Type.Object({
  id: Id(),
  name: Type.String(),
  city: NullableString(),
  vorgangId: NullableInteger({ description: 'Der neueste Vorgang mit diesem Endkunden' }),
  vorgangNumber: NullableString(),
});

const VorgangHit = Type.Object({
  id: Id(),
  vorgangNumber: Type.String(),
  title: Type.String(),
  customerName: NullableString(),
});

const BelegHit = Type.Object({
  id: Id(),
  belegNumber: Type.String(),
  belegType: Type.String({ description: 'angebot, auftragsbestaetigung, rechnung, gutschrift' }),
  vorgangId: Id(),
  vorgangNumber: Type.String(),
  customerName: NullableString(),
});

/** The records a search finds, grouped, each group at most SEARCH_GROUP_LIMIT long. */
export const SearchResult = Type.Object({
  customers: Type.Array(CustomerHit),
  endCustomers: Type.Array(EndCustomerHit),
  vorgaenge: Type.Array(VorgangHit),
  belege: Type.Array(BelegHit),
});

export type SearchResult = Static<typeof SearchResult>;

/** Strg+K: one text over Kunden, Endkunden, Vorgänge and Belegnummern. */
export const findEverything = defineEndpoint({
  method: 'GET',
  path: 'search/find',
  access: { groups: [GROUPS.kunde] },
  tags: ['Suche'],
  summary:
    'Suche über Kunden (Name in jeder Reihenfolge, Telefon in jeder Schreibweise, E-Mail, Kundennummer), Endkunden, Vorgänge und Belegnummern',
  query: Type.Object({
    q: Type.String({ minLength: 1, maxLength: 200, description: 'Suchtext' }),
  }),
  response: SearchResult,
});
