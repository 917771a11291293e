import {
  BrowserCacheLocation,
  createNestablePublicClientApplication,
  InteractionRequiredAuthError,
  PublicClientApplication,
  type AccountInfo,
  type AuthenticationResult,
  type Configuration,
  type IPublicClientApplication,
} from '@azure/msal-browser';
import type { ClientConfig } from '../config/clientConfig';
import { TOKEN_RENEWAL_OFFSET_SECONDS } from './session';
import { restoreHistory, signInPath, type OfficeStart } from './signInPath';

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
      tokenRenewalOffsetSeconds: TOKEN_RENEWAL_OFFSET_SECONDS,
    },
  } as Configuration;
}

export interface MsalSession {
  msal: IPublicClientApplication;
  /** Set when this page load is the return from the sign-in redirect. */
  redirectResult: AuthenticationResult | null;
  redirectError: unknown;
  /** Inside Outlook: Outlook hands out the tokens (nested app authentication), no redirect is possible. */
  nested: boolean;
}

/**
 * Creates MSAL and handles a returning sign-in redirect (done once, at application start). Inside Outlook (the side
 * panel, whose page loads Office.js) MSAL asks Outlook for the tokens instead: nested app authentication.
 */
export async function startMsal(auth: ClientConfig['auth'], redirectUrl: string): Promise<MsalSession> {
  const office = (globalThis as { Office?: OfficeStart }).Office;
  if (office) restoreHistory();
  if ((await signInPath(office)) === 'nested') {
    restoreHistory();
    const nested = await startNested(msalConfiguration(auth, redirectUrl), auth.loginScopes);
    if (nested) return nested;
  }
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
  return { msal, redirectResult, redirectError, nested: false };
}

/**
 * MSAL through Outlook's broker; null where Outlook offers none (an older Outlook: MSAL would fall back to the
 * redirect, which the caller does itself). The account is the one signed in to Outlook, found without a prompt
 * where Outlook can (else the sign-in page's button asks, in Outlook's own window).
 */
async function startNested(configuration: Configuration, scopes: string[]): Promise<MsalSession | null> {
  if (!(globalThis as { nestedAppAuthBridge?: unknown }).nestedAppAuthBridge) return null;
  const msal = await createNestablePublicClientApplication(configuration);
  let account: AccountInfo | null = msal.getActiveAccount() ?? msal.getAllAccounts()[0] ?? null;
  if (!account) {
    account = await msal.ssoSilent({ scopes }).then(
      (result) => result.account,
      () => null,
    );
  }
  if (account) msal.setActiveAccount(account);
  return { msal, redirectResult: null, redirectError: null, nested: true };
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
