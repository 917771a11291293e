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

  /** Starts the sign-in redirect; the deep link is restored after it returns. */
  async login(returnTo?: string): Promise<void> {
    if (returnTo) rememberReturnTo(returnTo);
    await this.msal.loginRedirect({ scopes: this.auth.loginScopes });
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
  async accessToken(): Promise<string> {
    const account = this.account;
    if (!account) {
      await this.login(window.location.pathname + window.location.search);
      throw new Error('Nicht angemeldet');
    }
    try {
      const result = await this.msal.acquireTokenSilent({ scopes: this.auth.apiScopes, account });
      return result.accessToken;
    } catch (error) {
      if (error instanceof InteractionRequiredAuthError) {
        await this.login(window.location.pathname + window.location.search);
      }
      throw error;
    }
  }
}
