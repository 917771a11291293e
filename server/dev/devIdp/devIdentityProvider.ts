import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { DEV_API } from './apiScope';
import type { DemoUser } from './demoUsers';
import type { DevIdpKeys } from './devIdpKeys';
import { FAVICON_PATH, logoutPage } from './pages';

export interface DevIdpOptions {
  /** e.g. http://localhost:3000/oidc */
  issuer: string;
  /** The web app's origin, for its redirect URIs. */
  appOrigin: string;
  users: readonly DemoUser[];
  keys: DevIdpKeys;
}

/**
 * An OpenID Connect provider for development and tests that issues access tokens in the shape of
 * Microsoft Entra ID (aud, scp, oid, tid, groups), so the production sign-in code runs unchanged.
 */
export function createDevIdentityProvider({ issuer, appOrigin, users, keys }: DevIdpOptions): Provider {
  const byId = new Map(users.map((u) => [u.oid, u]));
  const userOf = (accountId: string | undefined) => (accountId ? byId.get(accountId) : undefined);

  const configuration: Configuration = {
    clients: [
      {
        client_id: DEV_API.clientId,
        client_name: 'Fenster CRM',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${appOrigin}/auth-callback`],
        post_logout_redirect_uris: [`${appOrigin}/login`],
      },
    ],
    jwks: { keys: [keys.signingKey] },
    cookies: { keys: keys.cookieKeys },
    claims: {
      openid: ['sub', 'oid', 'tid'],
      profile: ['name', 'preferred_username'],
      email: ['email'],
    },
    conformIdTokenClaims: false,
    async findAccount(_ctx, id) {
      const user = userOf(id);
      if (!user) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: user.oid,
          oid: user.oid,
          tid: DEV_API.tenantId,
          name: user.name,
          preferred_username: user.email,
          email: user.email,
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = logoutPage(form);
        },
      },
      resourceIndicators: {
        enabled: true,
        // MSAL sends no resource parameter: the API is meant whenever its scope is asked for.
        defaultResource: async (ctx) =>
          String(ctx.oidc.params?.scope ?? '').includes(DEV_API.scope) ? DEV_API.audience : undefined,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== DEV_API.audience) throw new Error(`Unbekannte Ressource ${indicator}`);
          return {
            scope: DEV_API.scope,
            audience: DEV_API.audience,
            accessTokenTTL: 60 * 60,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // The app asks for offline_access without prompt=consent (MSAL never sends it); refresh anyway.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Entra's access-token shape: short scope names in scp, directory ids and the group names.
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken') return undefined;
      const user = userOf(token.accountId);
      if (!user) return undefined;
      return {
        scp: DEV_API.scopeName,
        oid: user.oid,
        tid: DEV_API.tenantId,
        name: user.name,
        preferred_username: user.email,
        groups: user.groups,
        ver: '2.0',
      };
    },
    ttl: {
      AccessToken: 60 * 60,
      IdToken: 60 * 60,
      RefreshToken: 24 * 60 * 60,
      Session: 24 * 60 * 60,
      Grant: 24 * 60 * 60,
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="de"><meta charset="utf-8"><title>Anmeldefehler</title><link rel="icon" href="${FAVICON_PATH}"><body style="font-family:sans-serif;padding:2rem"><h1>Anmeldung fehlgeschlagen</h1><p>${String(out.error_description ?? out.error).replace(/[<>&]/g, '')}</p><p><a href="/login">Zurück zum Login</a></p></body></html>`;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = true;
  return provider;
}
