import { endpointKey } from '../../api/endpoint';
import { getArticleMappingCacheState, getArticleMappingStatistics } from './articleMappings.endpoints';

export type { MappingCacheState, MappingStatistics } from './articleMappings.endpoints';

export const CACHE_STATE_KEY = endpointKey(getArticleMappingCacheState);
export const STATISTICS_KEY = endpointKey(getArticleMappingStatistics);
