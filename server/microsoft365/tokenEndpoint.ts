import { randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { ConsentRequired, GrantRefused, type DelegatedTokens, type TokenSet } from './delegatedTokens';

/** How the API's app registration proves itself: its secret, or its certificate's key and thumbprint. */
export type ClientCredential =
  { secret: string } | { certificate: { privateKeyPem: string; thumbprintSha256: string } };

export interface TokenEndpointOptions {
  /** https://login.microsoftonline.com (the stand-in's address in development and tests). */
  loginBaseUrl: string;
  /** The API registration's client id: the CRM acts as it. */
  clientId: string;
  credential: ClientCredential;
}

const GRAPH = 'https://graph.microsoft.com/';
const fullScopes = (scopes: readonly string[]) =>
  [...scopes.map((s) => `${GRAPH}${s}`), 'offline_access'].join(' ');

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  error?: string;
  error_description?: string;
  error_codes?: number[];
  suberror?: string;
}

/** AADSTS codes that mean "ask the person": consent missing, or an interaction (MFA, terms) is required. */
const CONSENT_CODES = new Set([65001, 65004, 50076, 50079, 50158, 160021]);

/**
 * The OAuth 2.0 token endpoint of Microsoft Entra ID for the API's app registration: on-behalf-of exchange and
 * refresh, answering the refresh token itself. msal-node keeps refresh tokens inside its cache and does not renew
 * on-behalf-of tokens with them (its OnBehalfOfClient says so), but the CRM must act while the person is away, so
 * it keeps the refresh token (sealed) and uses the two grants directly.
 */
export function createTokenEndpoint(options: TokenEndpointOptions): DelegatedTokens {
  const base = options.loginBaseUrl.replace(/\/$/, '');
  const tokenUrl = (tenantId: string) => `${base}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`;
  let key: Promise<CryptoKey> | undefined;

  async function credentialFields(audience: string): Promise<Record<string, string>> {
    if ('secret' in options.credential) return { client_secret: options.credential.secret };
    const { privateKeyPem, thumbprintSha256 } = options.credential.certificate;
    key ??= importPKCS8(privateKeyPem, 'PS256') as Promise<CryptoKey>;
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({
        alg: 'PS256',
        typ: 'JWT',
        'x5t#S256': Buffer.from(thumbprintSha256.replace(/:/g, ''), 'hex').toString('base64url'),
      })
      .setIssuer(options.clientId)
      .setSubject(options.clientId)
      .setAudience(audience)
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(now + 600)
      .sign(await key);
    return {
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    };
  }

  async function requestTokens(tenantId: string, fields: Record<string, string>, refreshing: boolean) {
    const url = tokenUrl(tenantId);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: options.clientId, ...fields, ...(await credentialFields(url)) }),
      signal: AbortSignal.timeout(20_000),
    });
    const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
    if (response.ok && answer.access_token && answer.refresh_token) {
      return {
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token,
        expiresAt: new Date(Date.now() + (answer.expires_in ?? 3600) * 1000),
        scopes: (answer.scope ?? '')
          .split(' ')
          .map((s) => s.replace(GRAPH, ''))
          .filter(Boolean),
      } satisfies TokenSet;
    }
    const description =
      answer.error_description?.split('\n')[0] ?? `Anmeldedienst antwortet ${response.status}`;
    const consent =
      answer.suberror === 'consent_required' ||
      (answer.error_codes ?? []).some((code) => CONSENT_CODES.has(code));
    if (consent || answer.error === 'interaction_required') throw new ConsentRequired(description);
    if (refreshing && answer.error === 'invalid_grant') throw new GrantRefused(description);
    throw new Error(description);
  }

  return {
    onBehalfOf: (apiToken, tenantId, scopes) =>
      requestTokens(
        tenantId,
        {
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          requested_token_use: 'on_behalf_of',
          assertion: apiToken,
          scope: fullScopes(scopes),
        },
        false,
      ),
    refresh: (refreshToken, tenantId, scopes) =>
      requestTokens(
        tenantId,
        { grant_type: 'refresh_token', refresh_token: refreshToken, scope: fullScopes(scopes) },
        true,
      ),
    consentUrl: ({ tenantId, loginHint, redirectUri, state, scopes }) => {
      const url = new URL(`${base}/${encodeURIComponent(tenantId)}/oauth2/v2.0/authorize`);
      url.search = new URLSearchParams({
        client_id: options.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        response_mode: 'query',
        scope: fullScopes(scopes),
        state,
        login_hint: loginHint,
      }).toString();
      return url.toString();
    },
  };
}
