import { LRUCache } from 'lru-cache';
import { directoryUnavailable } from '../../http/apiError';
import type { VerifiedToken } from '../verifyToken';
import { fetchGraphPages } from './graphPages';

export interface GraphGroupSourceOptions {
  graphBaseUrl: string;
  /** A Graph token for the signed-in user, obtained on their behalf from their API token. */
  graphTokenFor: (token: VerifiedToken, rawToken: string) => Promise<string>;
  ttlMs: number;
  maxEntries: number;
  log?: (message: string, error: unknown) => void;
}

/**
 * Group names from Microsoft Graph (`/me/transitiveMemberOf`, all pages), cached per user with a
 * bounded size and a short lifetime, with one request in flight per user.
 */
export function createGraphGroupSource(options: GraphGroupSourceOptions) {
  const cache = new LRUCache<string, string[]>({ max: options.maxEntries, ttl: options.ttlMs });
  const inFlight = new Map<string, Promise<string[]>>();

  async function fetchGroups(graphToken: string): Promise<string[]> {
    const groups = await fetchGraphPages<{ displayName?: string }>(
      options.graphBaseUrl,
      '/v1.0/me/transitiveMemberOf/microsoft.graph.group?$select=displayName&$top=999',
      graphToken,
    );
    return [...new Set(groups.flatMap((group) => group.displayName ?? []))].sort();
  }

  return async function groupsOf(token: VerifiedToken, rawToken: string): Promise<readonly string[]> {
    const key = `${token.tid}:${token.oid}`;
    const cached = cache.get(key);
    if (cached) return cached;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = options
        .graphTokenFor(token, rawToken)
        .then(fetchGroups)
        .then((groups) => {
          cache.set(key, groups);
          return groups;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    try {
      return await pending;
    } catch (error) {
      options.log?.('Gruppen aus Microsoft Graph konnten nicht geladen werden', error);
      throw directoryUnavailable();
    }
  };
}
