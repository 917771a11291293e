import {
  BrowserCacheLocation,
  InteractionRequiredAuthError,
  PublicClientApplication,
  type AuthenticationResult,
  type Configuration,
} from '@azure/msal-browser';
import type { ClientConfig } from '../config/clientConfig';

/** MSAL configured as the client's app is: redirect flow, localStorage cache, the given timings. */
export function msalConfiguration(auth: ClientConfig['auth'], redirectUrl: string): Configuration {
  const origin = new URL(redirectUrl).origin;
  return {
    auth: {
      clientId: auth.clientId,
      authority: auth.authority,
      knownAuthorities: auth.knownAuthorities,
      authorityMetadata: auth.authorityMetadata,
      redirectUri: redirectUrl,
      postLogoutRedirectUri: `${origin}/login`,
    },
    cache: { cacheLocation: BrowserCacheLocation.LocalStorage },
    system: {
      protocolMode: auth.protocolMode === 'OIDC' ? 'OIDC' : 'AAD',
      redirectNavigationTimeout: 30000,
      iframeBridgeTimeout: 10000,
      popupBridgeTimeout: 60000,
      tokenRenewalOffsetSeconds: 300,
    },
  } as Configuration;
}

export interface MsalSession {
  msal: PublicClientApplication;
  /** Set when this page load is the return from the sign-in redirect. */
  redirectResult: AuthenticationResult | null;
  redirectError: unknown;
}

/** Creates MSAL and handles a returning sign-in redirect (done once, at application start). */
export async function startMsal(auth: ClientConfig['auth'], redirectUrl: string): Promise<MsalSession> {
  const msal = new PublicClientApplication(msalConfiguration(auth, redirectUrl));
  await msal.initialize();
  let redirectResult: AuthenticationResult | null = null;
  let redirectError: unknown = null;
  try {
    // The router, not MSAL, goes back to the page the user wanted (see rememberReturnTo).
    redirectResult = await msal.handleRedirectPromise({ navigateToLoginRequestUrl: false });
  } catch (error) {
    redirectError = error;
    console.error('Anmeldung fehlgeschlagen', (error as { errorCode?: string }).errorCode ?? error);
  }
  cleanSignOutReturn();
  if (redirectResult?.account) msal.setActiveAccount(redirectResult.account);
  else if (!msal.getActiveAccount()) {
    const [first] = msal.getAllAccounts();
    if (first) msal.setActiveAccount(first);
  }
  return { msal, redirectResult, redirectError };
}

/**
 * The provider's sign-out comes back to `/login?state=eyJ…` (OIDC end-session echoes MSAL's state). MSAL has
 * read it by now; the address bar then shows plain /login, not a token-like string a person might share.
 */
function cleanSignOutReturn(): void {
  const { pathname, search, hash } = window.location;
  if (pathname === '/login' && new URLSearchParams(search).has('state')) {
    window.history.replaceState(window.history.state, '', `/login${hash}`);
  }
}

/** Whether a failed silent token request needs the person to sign in again. */
export function needsInteraction(error: unknown): boolean {
  return error instanceof InteractionRequiredAuthError;
}
