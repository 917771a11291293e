import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { NullableInteger, NullableString } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const access = { groups: [GROUPS.admin] };
const tags = ['Artikel-Mapping'];

const MappingCacheStateSchema = Type.Object({
  state: Type.Union([
    Type.Literal('nie'),
    Type.Literal('laeuft'),
    Type.Literal('fertig'),
    Type.Literal('fehler'),
  ]),
  processed: Type.Integer(),
  total: Type.Integer(),
  startedAt: NullableString(),
  startedBy: NullableString(),
  finishedAt: NullableString(),
  error: NullableString(),
  /** Mappings, aliases or articles changed after the last finished build. */
  outdated: Type.Boolean(),
});
/** The mapping cache's latest build (any instance's). */
export type MappingCacheState = Type.Static<typeof MappingCacheStateSchema>;

const MappingStatisticsSchema = Type.Object({
  articles: Type.Object({ total: Type.Integer(), mapped: Type.Integer() }),
  revenueCents: Type.Object({ total: Type.Integer(), mapped: Type.Integer() }),
  groups: Type.Array(
    Type.Object({
      productGroupId: NullableInteger(),
      name: Type.String(),
      articles: Type.Integer(),
      revenueCents: Type.Integer(),
    }),
  ),
  builtAt: NullableString(),
});
/** Articles and invoiced revenue by product group, as the cache resolves them. */
export type MappingStatistics = Type.Static<typeof MappingStatisticsSchema>;

/** Mapped and unmapped articles and their revenue per product group. */
export const getArticleMappingStatistics = defineEndpoint({
  method: 'GET',
  path: 'adminExtended/getArticleMappingStatistics',
  access,
  tags,
  summary: 'Zugeordnete und nicht zugeordnete Artikel und ihr Umsatz, je Produktgruppe (laut Cache)',
  response: MappingStatisticsSchema,
});

/** The state of the mapping cache: last build (also another server's), progress, error. */
export const getArticleMappingCacheState = defineEndpoint({
  method: 'GET',
  path: 'adminExtended/getArticleMappingCacheState',
  access,
  tags,
  summary: 'Stand des Mapping-Cache: letzter Aufbau (auch eines anderen Servers), Fortschritt, Fehler',
  response: MappingCacheStateSchema,
});

/** Rebuilds the mapping cache in the background (409 while any server builds it). */
export const buildArticleMappingCache = defineEndpoint({
  method: 'POST',
  path: 'adminExtended/buildArticleMappingCache',
  access,
  tags,
  summary: 'Mapping-Cache im Hintergrund neu aufbauen; läuft schon ein Aufbau (auf irgendeinem Server): 409',
  response: MappingCacheStateSchema,
});
