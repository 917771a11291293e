/** The mapping cache's latest build, as adminExtended/getArticleMappingCacheState answers. */
export interface MappingCacheState {
  state: 'nie' | 'laeuft' | 'fertig' | 'fehler';
  processed: number;
  total: number;
  startedAt: string | null;
  startedBy: string | null;
  finishedAt: string | null;
  error: string | null;
  outdated: boolean;
}

/** adminExtended/getArticleMappingStatistics. */
export interface MappingStatistics {
  articles: { total: number; mapped: number };
  revenueCents: { total: number; mapped: number };
  groups: { productGroupId: number | null; name: string; articles: number; revenueCents: number }[];
  builtAt: string | null;
}

export const CACHE_STATE_KEY = ['adminExtended/getArticleMappingCacheState'];
export const STATISTICS_KEY = ['adminExtended/getArticleMappingStatistics'];
