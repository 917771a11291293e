import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableString, Timestamp, Version } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

// Finding and merging duplicates touches every customer of every branch: the administration and the sales lead.
const access = { groups: [GROUPS.admin, GROUPS.adminVerkauf] };
const tags = ['Dubletten'];

/**
 * The customer fields the merge screen offers, in its order; each value comes from one of the two. Consent to
 * advertising is no choice: both customers' consent records move to the survivor, the latest one decides.
 */
export const MERGE_FIELDS = [
  { source: 'customerType', column: 'customer_type', label: 'Kundentyp' },
  { source: 'salutation', column: 'salutation', label: 'Anrede' },
  { source: 'title', column: 'title', label: 'Titel' },
  { source: 'firstName', column: 'first_name', label: 'Vorname' },
  { source: 'lastName', column: 'last_name', label: 'Nachname' },
  { source: 'companyName', column: 'company_name', label: 'Firma' },
  { source: 'street', column: 'street', label: 'Straße' },
  { source: 'zip', column: 'zip', label: 'PLZ' },
  { source: 'city', column: 'city', label: 'Ort' },
  { source: 'country', column: 'country', label: 'Land' },
  { source: 'phone', column: 'phone', label: 'Telefon' },
  { source: 'mobile', column: 'mobile', label: 'Mobil' },
  { source: 'email', column: 'email', label: 'E-Mail' },
  { source: 'branchId', column: 'branch_id', label: 'Filiale' },
  { source: 'ownerUserId', column: 'owner_user_id', label: 'Betreuer' },
  { source: 'origin', column: 'origin', label: 'Herkunft' },
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number]['source'];

const pairSide = Type.Object({
  id: Type.Integer(),
  displayName: NullableString(),
  customerNumber: NullableString(),
  zip: NullableString(),
  city: NullableString(),
});

/** One likely pair of the list: both customers, the score (0–100) and why. */
export const DuplicatePairSchema = Type.Object({
  customer: pairSide,
  other: pairSide,
  score: Type.Integer(),
  reasons: Type.Array(Type.String()),
});
export type DuplicatePair = Static<typeof DuplicatePairSchema>;

/** The list of likely duplicates, computed by a background job; paged and sorted in the database. */
export const getDuplicates = defineEndpoint({
  method: 'GET',
  path: 'duplicates/getDuplicates',
  access,
  tags,
  summary:
    'Wahrscheinliche Dubletten unter den Kunden (seitenweise, nach Übereinstimmung oder Name sortiert)',
  query: Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    sort: Type.Optional(Type.Union([Type.Literal('score'), Type.Literal('name')])),
    order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
    q: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'Suche: Name, Kundennummer, PLZ oder Ort eines der beiden Kunden (jedes Wort)',
      }),
    ),
    minScore: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 100, description: 'Nur Paare ab dieser Übereinstimmung (%)' }),
    ),
  }),
  response: Type.Object({
    data: Type.Array(DuplicatePairSchema),
    total: Type.Integer(),
    computedAt: Type.Union([Timestamp(), Type.Null()], {
      description: 'Wann die Liste zuletzt berechnet wurde',
    }),
  }),
});

/** How many rows of each kind belong to a customer; the merge moves all of them. */
export const RelatedCountsSchema = Type.Object({
  vorgaenge: Type.Integer(),
  belege: Type.Integer(),
  activities: Type.Integer(),
  notes: Type.Integer(),
  personalNotes: Type.Integer(),
  files: Type.Integer(),
  labels: Type.Integer(),
  npsAnswers: Type.Integer(),
  mails: Type.Integer(),
});
export type RelatedCounts = Static<typeof RelatedCountsSchema>;

const mergeSide = Type.Object({
  id: Type.Integer(),
  version: Version(),
  customerNumber: NullableString(),
  displayName: NullableString(),
  /** Each MERGE_FIELDS value as stored (ids, true/false as text) … */
  values: Type.Record(Type.String(), NullableString()),
  /** … and as people read it (the Filiale's and the Betreuer's names, "ja"/"nein"). */
  shown: Type.Record(Type.String(), NullableString()),
  related: RelatedCountsSchema,
});
export type MergeSide = Static<typeof mergeSide>;

/** Both customers side by side for the merge screen, with the score of the pair. */
export const getMergePreview = defineEndpoint({
  method: 'GET',
  path: 'duplicates/getMergePreview/:id/:otherId',
  access,
  tags,
  summary: 'Zwei Kunden nebeneinander für die Zusammenführung (Felder, Kundennummern, zugehörige Datensätze)',
  params: Type.Object({ id: Id(), otherId: Id() }),
  response: Type.Object({
    customer: mergeSide,
    other: mergeSide,
    score: Type.Integer(),
    reasons: Type.Array(Type.String()),
  }),
});

/**
 * Merges `mergeId` into `keepId`: the fields named in `take` come from the merged customer, every related row
 * moves, the merged customer is removed; both versions must be current (409 otherwise).
 */
export const mergeCustomers = defineEndpoint({
  method: 'POST',
  path: 'duplicates/mergeCustomers',
  access,
  tags,
  summary: 'Zwei Kunden zusammenführen: Felder wählen, alle zugehörigen Datensätze zum bleibenden Kunden',
  // A repeated request whose answer was lost gets the first answer, not a 404 for the removed customer.
  idempotent: true,
  body: Type.Object({
    keepId: Id({ description: 'Der Kunde, der bleibt' }),
    keepVersion: Version(),
    mergeId: Id({ description: 'Der Kunde, der in ihm aufgeht' }),
    mergeVersion: Version(),
    take: Type.Array(
      Type.Unsafe<MergeField>({ type: 'string', enum: MERGE_FIELDS.map((field) => field.source) }),
      {
        maxItems: MERGE_FIELDS.length,
        description: 'Felder, deren Wert vom aufgehenden Kunden kommt',
      },
    ),
  }),
  response: Type.Object({
    id: Type.Integer(),
    version: Version(),
    moved: RelatedCountsSchema,
  }),
});

/** "Kein Duplikat": the pair is two customers; kept with who and when, never proposed again. */
export const dismissDuplicate = defineEndpoint({
  method: 'POST',
  path: 'duplicates/dismissPair',
  access,
  tags,
  summary:
    'Paar als „Kein Duplikat“ markieren: wird gespeichert (wer, wann, im Änderungsverlauf) und nicht wieder vorgeschlagen',
  idempotent: true,
  body: Type.Object({ customerId: Id(), otherId: Id() }, { additionalProperties: false }),
  response: Type.Object({ customerId: Type.Integer(), otherId: Type.Integer() }),
});
