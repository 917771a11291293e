import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import {
  BELEG_TYPES,
  VORGANG_MATCH_COLUMNS,
  VORGANG_SORTS,
  VORGANG_STATUSES,
  VorgangListCountsSchema,
  VorgangListPageSchema,
} from './vorgangListTypes';

// Row-level rule (as the customer list): every APP_KUNDE member sees every Vorgang of the company;
// "nur meine" is a filter the seller switches on, not a restriction.
const access = { groups: [GROUPS.kunde] };
const tags = ['Vorgänge'];

// One of the given words; typed as their union (a mapped Type.Union would lose the literal types).
const literals = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
const Day = (description: string) =>
  Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description }));
const Cents = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000_000, description }));

/** The list's filters; the export takes the same, so it writes exactly the rows the list counts. */
const filterQuery = {
  q: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Schnellsuche: Vorgangsnummer, Bezeichnung, Kundenname, Belegnummer (enthält)',
    }),
  ),
  status: Type.Optional(literals(VORGANG_STATUSES)),
  mine: Type.Optional(Type.Boolean({ description: 'nur Vorgänge, deren Verkäufer der Aufrufer ist' })),
  sellerUserId: Type.Optional(Id()),
  branchId: Type.Optional(Id()),
  origin: Type.Optional(Type.String({ maxLength: 80 })),
  customStatusId: Type.Optional(Id()),
  labelId: Type.Optional(Id()),
  customerId: Type.Optional(Id()),
  netFrom: Cents('Summe netto ab (Cent)'),
  netTo: Cents('Summe netto bis (Cent)'),
  createdFrom: Day('angelegt ab (Firmentag, yyyy-MM-dd)'),
  createdTo: Day('angelegt bis einschließlich'),
  expectedFrom: Day('erwarteter Auftrag ab'),
  expectedTo: Day('erwarteter Auftrag bis einschließlich'),
  activityFrom: Day('letzte Aktivität ab (Firmentag)'),
  activityTo: Day('letzte Aktivität bis einschließlich'),
  // The dashboard's links (a figure's count equals the list's total behind its link):
  branchIds: Type.Optional(
    Type.String({
      pattern: '^\\d{1,9}(,\\d{1,9}){0,49}$',
      description: 'Filialen (Ids, durch Komma getrennt)',
    }),
  ),
  belegType: Type.Optional(
    Type.String({
      pattern: `^(${BELEG_TYPES.join('|')})(,(${BELEG_TYPES.join('|')}))*$`,
      description:
        'hat einen Beleg dieser Art(en), durch Komma getrennt (mit belegFrom/belegTo: im Zeitraum)',
    }),
  ),
  belegFrom: Day('Belegdatum ab (mit belegType)'),
  belegTo: Day('Belegdatum bis einschließlich (mit belegType)'),
  inactiveSince: Day(
    'ohne Aktivität nach diesem Firmentag (letzte Aktivität, sonst Anlage, spätestens an ihm)',
  ),
  stagnant: Type.Optional(
    Type.Boolean({
      description:
        'nur stagnierende Vorgänge: offen, und länger ohne Aktivität, als ihr Eigener Status erlaubt (Firmentage)',
    }),
  ),
  matchColumn: Type.Optional(literals(VORGANG_MATCH_COLUMNS)),
  matchMode: Type.Optional(literals(['startsWith', 'contains', 'equals', 'notEquals'] as const)),
  matchValue: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(literals(VORGANG_SORTS)),
  order: Type.Optional(literals(['ASC', 'DESC'] as const)),
};
export const VorgangFilterQuery = Type.Object(filterQuery);
/** The filters and order of the list as the query string carries them. */
export type VorgangFilter = Type.Static<typeof VorgangFilterQuery>;

/** A page of the Vorgänge list (the total and the tab counts: getVorgangCounts, asked after the rows). */
export const getAllVorgangs = defineEndpoint({
  method: 'GET',
  path: 'vorgang/getAllVorgangs',
  access,
  tags,
  summary:
    'Vorgänge: eine Seite, sortiert, gefiltert und durchsucht in der Datenbank; hasMore, wenn eine weitere Seite folgt',
  query: Type.Object({
    ...filterQuery,
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  }),
  response: VorgangListPageSchema,
});

/**
 * The list's total and the counts per status tab for the same filters (a path of our own: the list asks for
 * them after its rows, so the rows never wait for counting). Exact: one pass grouped by status.
 */
export const getVorgangCounts = defineEndpoint({
  method: 'GET',
  path: 'vorgang/getVorgangCounts',
  access,
  tags,
  summary:
    'Vorgänge: Gesamtzahl (mit Status-Reiter) und Anzahl je Status zu denselben Filtern wie getAllVorgangs (genau)',
  query: VorgangFilterQuery,
  response: VorgangListCountsSchema,
});

/** The Herkunft values a Vorgang may have (active Stammdaten "Herkunft"). */
export const getAllHerkunft = defineEndpoint({
  method: 'GET',
  path: 'vorgang/getAllHerkunft',
  access,
  tags,
  summary: 'Die Herkunft-Werte (aktive Stammdaten der Kategorie Herkunft) in ihrer Reihenfolge',
  response: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});

/** The Vorgang of a Belegnummer typed in full (404 when there is none). */
export const getVorgangByBelegnr = defineEndpoint({
  method: 'GET',
  path: 'vorgang/by-belegnr/:belegnr',
  access,
  tags,
  summary: 'Der Vorgang zu einer vollständigen Belegnummer (Groß-/Kleinschreibung egal)',
  params: Type.Object({ belegnr: Type.String({ minLength: 1, maxLength: 30 }) }),
  response: Type.Object({ id: Type.Integer(), vorgangNumber: Type.String(), belegNumber: Type.String() }),
});

/** Exactly the filtered, sorted Vorgänge as an Excel file, streamed. */
export const exportVorgangExcel = defineEndpoint({
  method: 'GET',
  path: 'vorgang/exportVorgangExcel',
  access,
  tags,
  summary: 'Alle gefilterten Vorgänge als Excel-Datei (gestreamt, ohne Obergrenze; Filter wie die Liste)',
  kind: 'file',
  query: VorgangFilterQuery,
});
