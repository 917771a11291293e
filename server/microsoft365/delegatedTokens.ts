/** Delegated Graph tokens of one person. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  scopes: string[];
}

/** The person has not (or no longer) consented to a permission asked for: an interactive consent is needed. */
export class ConsentRequired extends Error {}

/** Entra refused the refresh token (revoked, expired, password changed): the person must connect again. */
export class GrantRefused extends Error {}

/** Where delegated tokens come from: Entra's token endpoint for the API's app registration (or the stand-in). */
export interface DelegatedTokens {
  /** Exchanges the signed-in person's API token for Graph tokens with these scopes (on-behalf-of). */
  onBehalfOf(apiToken: string, tenantId: string, scopes: readonly string[]): Promise<TokenSet>;
  /** A fresh access token (and the rotated refresh token) while the person is away. */
  refresh(refreshToken: string, tenantId: string, scopes: readonly string[]): Promise<TokenSet>;
  /** The page where the person consents to `scopes` for the API's app registration (incremental consent). */
  consentUrl(input: {
    tenantId: string;
    loginHint: string;
    redirectUri: string;
    state: string;
    scopes: readonly string[];
  }): string;
}
