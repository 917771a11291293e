import { LRUCache } from 'lru-cache';
import { fetchGraphPages } from './graphPages';
import type { VerifiedToken } from '../verifyToken';
import { directoryUnavailable } from '../../http/apiError';
import type { Credentials, Directory, DirectoryPerson, ProfilePhoto } from '../directory';

export interface GraphDirectoryOptions {
  graphBaseUrl: string;
  graphTokenFor: (token: VerifiedToken, rawToken: string) => Promise<string>;
  ttlMs: number;
  log?: (message: string, error: unknown) => void;
}

interface GraphUser {
  id: string;
  displayName?: string | null;
  mail?: string | null;
  userPrincipalName?: string | null;
}

const personOf = (user: GraphUser): DirectoryPerson => ({
  azureId: user.id,
  name: user.displayName ?? user.userPrincipalName ?? user.id,
  email: user.mail ?? user.userPrincipalName ?? '',
  username: (user.userPrincipalName ?? '').split('@')[0] ?? '',
});

// OData string literals double their quotes; anything else in a search is taken literally.
const odataString = (text: string) => `'${text.replace(/'/g, "''")}'`;
const USER_FIELDS = '$select=id,displayName,mail,userPrincipalName';
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The production directory: Microsoft Graph on behalf of the signed-in person (`/users`, a user's
 * `transitiveMemberOf` and photo, a group's `transitiveMembers`). Answers are cached per tenant for a short time; a Graph failure is a 503.
 */
export function createGraphDirectory(options: GraphDirectoryOptions): Directory {
  const cache = new LRUCache<string, { value: unknown }>({ max: 2000, ttl: options.ttlMs });

  async function ask<T>(credentials: Credentials, key: string, load: (graphToken: string) => Promise<T>) {
    const cacheKey = `${credentials.token.tid}:${key}`;
    const hit = cache.get(cacheKey);
    if (hit) return hit.value as T;
    try {
      const value = await load(await options.graphTokenFor(credentials.token, credentials.raw));
      cache.set(cacheKey, { value });
      return value;
    } catch (error) {
      options.log?.('Verzeichnis (Microsoft Graph) nicht lesbar', error);
      throw directoryUnavailable();
    }
  }

  const get = async (graphToken: string, path: string) =>
    fetch(`${options.graphBaseUrl}${path}`, { headers: { Authorization: `Bearer ${graphToken}` } });

  return {
    people: (credentials, search) =>
      ask(credentials, `people:${search.toLowerCase()}`, async (graphToken) => {
        const filter = search
          ? `&$filter=${encodeURIComponent(
              ['displayName', 'givenName', 'surname', 'mail', 'userPrincipalName']
                .map((field) => `startswith(${field},${odataString(search)})`)
                .join(' or '),
            )}`
          : '';
        const users = await fetchGraphPages<GraphUser>(
          options.graphBaseUrl,
          `/v1.0/users?${USER_FIELDS}&$top=999${filter}`,
          graphToken,
        );
        return users.map(personOf).sort((a, b) => a.name.localeCompare(b.name, 'de'));
      }),
    person: async (credentials, azureId) => {
      if (!GUID.test(azureId)) return null;
      return ask(credentials, `person:${azureId}`, async (graphToken) => {
        const response = await get(graphToken, `/v1.0/users/${azureId}?${USER_FIELDS}`);
        if (response.status === 404) return null;
        if (!response.ok) throw new Error(`Graph antwortet ${response.status}`);
        return personOf((await response.json()) as GraphUser);
      });
    },
    groupsOf: async (credentials, azureId) => {
      if (!GUID.test(azureId)) return null;
      return ask(credentials, `groups:${azureId}`, async (graphToken) => {
        const groups = await fetchGraphPages<{ displayName?: string }>(
          options.graphBaseUrl,
          `/v1.0/users/${azureId}/transitiveMemberOf/microsoft.graph.group?$select=displayName&$top=999`,
          graphToken,
        ).catch((error: Error) => {
          if (error.message.endsWith(' 404')) return null;
          throw error;
        });
        return groups && [...new Set(groups.flatMap((group) => group.displayName ?? []))].sort();
      });
    },
    membersOf: (credentials, groupName) =>
      ask(credentials, `members:${groupName}`, async (graphToken) => {
        const filter = encodeURIComponent(`displayName eq ${odataString(groupName)}`);
        const groups = await fetchGraphPages<{ id: string }>(
          options.graphBaseUrl,
          `/v1.0/groups?$filter=${filter}&$select=id`,
          graphToken,
        );
        const members = await Promise.all(
          groups.map((group) =>
            fetchGraphPages<{ id: string }>(
              options.graphBaseUrl,
              `/v1.0/groups/${group.id}/transitiveMembers/microsoft.graph.user?$select=id&$top=999`,
              graphToken,
            ),
          ),
        );
        return [...new Set(members.flat().map((member) => member.id))];
      }),
    photoOf: async (credentials, azureId) => {
      if (!GUID.test(azureId)) return null;
      return ask<ProfilePhoto | null>(credentials, `photo:${azureId}`, async (graphToken) => {
        const response = await get(graphToken, `/v1.0/users/${azureId}/photos/96x96/$value`);
        // Graph says 404 for people without a photo.
        if (response.status === 404) return null;
        if (!response.ok) throw new Error(`Graph antwortet ${response.status}`);
        return {
          contentType: response.headers.get('content-type') ?? 'image/jpeg',
          bytes: Buffer.from(await response.arrayBuffer()),
        };
      });
    },
  };
}
