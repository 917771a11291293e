import type { INetworkModule } from '@azure/msal-node';
import { createRemoteJWKSet } from 'jose';
import type { ClientConfig } from '../../../../src/config/clientConfig';
import type { EntraAuthConfig } from '../../config/env';
import type { AuthPluginOptions } from '../authPlugin';
import { createTokenVerifier, type VerifiedToken } from '../verifyToken';
import { createGraphDirectory } from './graphDirectory';
import type { Directory } from '../directory';
import { createGraphGroupSource } from './graphGroupSource';
import { createOnBehalfOf } from './onBehalfOf';

export interface EntraAuth {
  auth: AuthPluginOptions;
  clientAuth: ClientConfig['auth'];
  directory: Directory;
  /** A Graph token on behalf of the caller (msal-node caches it), for areas that read Microsoft 365. */
  graphTokenFor: (token: VerifiedToken, rawToken: string) => Promise<string>;
}

const namesFrom = (claim: unknown) => (Array.isArray(claim) ? claim.map(String) : []);

/** Sign-in with Microsoft Entra ID: v2 access tokens for the API, group names from Graph (or app roles). */
export function setUpEntraAuth(
  config: EntraAuthConfig,
  options: { log?: (message: string, error: unknown) => void; networkClient?: INetworkModule } = {},
): EntraAuth {
  const verifyToken = createTokenVerifier({
    // jose caches the keys and fetches them again when a token names an unknown key id.
    keys: createRemoteJWKSet(new URL(config.jwksUrl), {
      cooldownDuration: 30_000,
      cacheMaxAge: 12 * 60 * 60_000,
    }),
    // Multi-tenant authority: the issuer names the token's own tenant, which must be allowed.
    issuerFor: (tid) => `https://login.microsoftonline.com/${tid}/v2.0`,
    audience: [config.apiClientId, config.apiAudience],
    requiredScope: config.apiScope,
    allowedTenants: config.allowedTenants,
  });
  const graphTokenFor = createOnBehalfOf(config, options.networkClient);
  const groupsOf: AuthPluginOptions['groupsOf'] =
    config.groupsFrom === 'graph'
      ? createGraphGroupSource({
          graphBaseUrl: config.graphBaseUrl,
          graphTokenFor,
          ttlMs: config.groupCacheSeconds * 1000,
          maxEntries: config.groupCacheSize,
          log: options.log,
        })
      : async (token: VerifiedToken) =>
          namesFrom(config.groupsFrom === 'roles' ? token.payload.roles : token.payload.groups);
  const apiScope = `${config.apiAudience}/${config.apiScope}`;
  return {
    auth: { verifyToken, groupsOf },
    graphTokenFor,
    directory: createGraphDirectory({
      graphBaseUrl: config.graphBaseUrl,
      graphTokenFor,
      ttlMs: config.groupCacheSeconds * 1000,
      log: options.log,
    }),
    clientAuth: {
      clientId: config.spaClientId,
      authority: config.authority,
      knownAuthorities: [],
      protocolMode: 'AAD',
      apiScopes: [apiScope],
      loginScopes: ['openid', 'profile', 'offline_access', apiScope],
      // The directory scopes the client's sign-in asks for, consented at sign-in, for the browser's own Graph
      // calls.
      graphScopes: ['User.Read', 'Group.Read.All'],
    },
  };
}
