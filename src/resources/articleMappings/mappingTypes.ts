/** The mapping cache's latest build, as adminExtended/getArticleMappingCacheState answers (any instance's). */
export interface MappingCacheState {
  state: 'nie' | 'laeuft' | 'fertig' | 'fehler';
  processed: number;
  total: number;
  startedAt: string | null;
  startedBy: string | null;
  finishedAt: string | null;
  error: string | null;
  /** Mappings, aliases or articles changed after the last finished build. */
  outdated: boolean;
}

/** adminExtended/getArticleMappingStatistics: articles and invoiced revenue by product group, as the cache resolves them. */
export interface MappingStatistics {
  articles: { total: number; mapped: number };
  revenueCents: { total: number; mapped: number };
  groups: { productGroupId: number | null; name: string; articles: number; revenueCents: number }[];
  builtAt: string | null;
}

export const CACHE_STATE_KEY = ['adminExtended/getArticleMappingCacheState'];
export const STATISTICS_KEY = ['adminExtended/getArticleMappingStatistics'];
