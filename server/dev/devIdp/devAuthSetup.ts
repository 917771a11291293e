import { createLocalJWKSet } from 'jose';
import type { ClientConfig } from '../../../src/config/clientConfig';
import { DEV_API } from './apiScope';
import type { AuthPluginOptions } from '../../platform/auth/authPlugin';
import { createTokenVerifier } from '../../platform/auth/verifyToken';
import { loadDemoUsers } from './demoUsers';
import { createDevIdentityProvider } from './devIdentityProvider';
import { devIdpPlugin } from './devIdpPlugin';
import { loadOrCreateDevIdpKeys } from './devIdpKeys';
import { createDemoDirectory } from '../demoDirectory';
import { demoColleagues } from '../demoColleagues';
import type { Database } from '../../platform/db/database';
import type { Directory } from '../../platform/auth/directory';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export interface DevAuth {
  auth: AuthPluginOptions;
  clientAuth: ClientConfig['auth'];
  /** The provider's pages under /oidc, ready to register on the app. */
  devIdp: FastifyPluginAsync;
  directory: Directory;
}

/** Wires the bundled identity provider: its keys verify the tokens, its tokens carry the groups. */
export async function setUpDevAuth(options: {
  publicUrl: string;
  dataDir: string;
  usersFile: string;
  /** The demo data's database: the people it describes besides the file are the directory's colleagues. */
  db?: Database;
}): Promise<DevAuth> {
  const users = loadDemoUsers(options.usersFile);
  const keys = await loadOrCreateDevIdpKeys(options.dataDir);
  const issuer = `${options.publicUrl}/oidc`;
  const provider = createDevIdentityProvider({ issuer, appOrigin: options.publicUrl, users, keys });
  const verifyToken = createTokenVerifier({
    keys: createLocalJWKSet({ keys: [keys.publicKey] }),
    issuerFor: () => issuer,
    audience: DEV_API.audience,
    requiredScope: DEV_API.scopeName,
    allowedTenants: [DEV_API.tenantId],
  });
  const metadata = {
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    end_session_endpoint: `${issuer}/session/end`,
    jwks_uri: `${issuer}/jwks`,
    userinfo_endpoint: `${issuer}/me`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: ['openid', 'profile', 'email', 'offline_access', DEV_API.scope],
  };
  const host = new URL(options.publicUrl).host;
  return {
    devIdp: fp(async (app) => {
      await app.register(devIdpPlugin, { provider, users });
    }),
    directory: createDemoDirectory(users, options.db ? demoColleagues(options.db, users) : undefined),
    auth: {
      verifyToken,
      // In development the groups come in the token; production asks the directory (Graph).
      groupsOf: async (token) =>
        Array.isArray(token.payload.groups) ? token.payload.groups.map(String) : [],
    },
    clientAuth: {
      clientId: DEV_API.clientId,
      // MSAL insists on an https authority string; with the metadata below it never contacts it, and
      // the endpoints it does call are plain http on this origin, so no certificate is needed.
      authority: `https://${host}/oidc`,
      knownAuthorities: [host],
      authorityMetadata: JSON.stringify(metadata),
      protocolMode: 'OIDC',
      apiScopes: [DEV_API.scope],
      loginScopes: ['openid', 'profile', 'email', 'offline_access', DEV_API.scope],
    },
  };
}
