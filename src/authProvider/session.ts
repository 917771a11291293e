import { InteractionRequiredAuthError, type PublicClientApplication } from '@azure/msal-browser';
import type { ClientConfig } from '../config/clientConfig';
import { rememberReturnTo } from './msalClient';

/** The signed-in session the whole app shares: MSAL plus the scopes it asks for. */
export class Session {
  constructor(
    readonly msal: PublicClientApplication,
    readonly auth: ClientConfig['auth'],
  ) {}

  get account() {
    return this.msal.getActiveAccount();
  }

  /**
   * Starts the sign-in redirect; the deep link is restored after it returns. `otherAccount` makes the
   * directory ask again instead of reusing its session (after "Zugriff verweigert").
   */
  async login(returnTo?: string, otherAccount = false): Promise<void> {
    if (returnTo) rememberReturnTo(returnTo);
    // Graph's scopes belong to another resource: consented now, requested later with their own token.
    await this.msal.loginRedirect({
      scopes: this.auth.loginScopes,
      extraScopesToConsent: this.auth.graphScopes,
      ...(otherAccount ? { prompt: 'login' } : {}),
    });
  }

  /** Ends the session at the provider too, then lands on /login. */
  async logout(): Promise<void> {
    const account = this.account;
    await this.msal.logoutRedirect({
      account,
      idTokenHint: account?.idToken,
      postLogoutRedirectUri: `${window.location.origin}/login`,
    });
  }

  /** An access token for the API; a session that needs interaction goes back to sign-in. */
  accessToken(): Promise<string> {
    return this.tokenFor(this.auth.apiScopes);
  }

  /** A Microsoft Graph token for the browser's own Graph calls, or null where there is no Graph. */
  async graphToken(): Promise<string | null> {
    return this.auth.graphScopes?.length ? this.tokenFor(this.auth.graphScopes) : null;
  }

  private async tokenFor(scopes: string[]): Promise<string> {
    const account = this.account;
    if (!account) {
      await this.login(window.location.pathname + window.location.search);
      throw new Error('Nicht angemeldet');
    }
    try {
      const result = await this.msal.acquireTokenSilent({ scopes, account });
      return result.accessToken;
    } catch (error) {
      if (error instanceof InteractionRequiredAuthError) {
        await this.login(window.location.pathname + window.location.search);
      }
      throw error;
    }
  }
}
