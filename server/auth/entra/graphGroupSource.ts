import { LRUCache } from 'lru-cache';
import { ApiError } from '../../http/apiError';
import type { VerifiedToken } from '../verifyToken';

export interface GraphGroupSourceOptions {
  graphBaseUrl: string;
  /** A Graph token for the signed-in user, obtained on their behalf from their API token. */
  graphTokenFor: (token: VerifiedToken, rawToken: string) => Promise<string>;
  ttlMs: number;
  maxEntries: number;
  log?: (message: string, error: unknown) => void;
}

const MAX_PAGES = 50;

/** The directory is unreachable and we know nothing about this person: refuse, never guess. */
const directoryUnavailable = () =>
  new ApiError(
    503,
    'Das Verzeichnis (Microsoft Graph) ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
  );

/**
 * Group names from Microsoft Graph (`/me/transitiveMemberOf`, all pages), cached per user with a
 * bounded size and a short lifetime, with one request in flight per user.
 */
export function createGraphGroupSource(options: GraphGroupSourceOptions) {
  const cache = new LRUCache<string, string[]>({ max: options.maxEntries, ttl: options.ttlMs });
  const inFlight = new Map<string, Promise<string[]>>();

  async function fetchGroups(graphToken: string): Promise<string[]> {
    const names: string[] = [];
    let url: string | undefined =
      `${options.graphBaseUrl}/v1.0/me/transitiveMemberOf/microsoft.graph.group?$select=displayName&$top=999`;
    for (let page = 0; url && page < MAX_PAGES; page++) {
      // Only ever send the token to Graph itself, whatever a nextLink says.
      if (!url.startsWith(`${options.graphBaseUrl}/`)) throw new Error(`Unerwarteter nextLink: ${url}`);
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${graphToken}`, ConsistencyLevel: 'eventual' },
      });
      if (!response.ok) throw new Error(`Graph antwortet ${response.status}`);
      const body = (await response.json()) as {
        value?: { displayName?: string }[];
        '@odata.nextLink'?: string;
      };
      for (const group of body.value ?? []) if (group.displayName) names.push(group.displayName);
      url = body['@odata.nextLink'];
    }
    return [...new Set(names)].sort();
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
