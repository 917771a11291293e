import type { ClientConfig } from '../config/clientConfig';
import type { MsalSession } from './msalClient';
import { forgetGroups } from './groupsHint';
import { wipeDevice } from '../offline/signOutWipe';
import { rememberReturnTo, takeReturnTo } from './returnTo';
import { noteSignedIn } from './signInHint';
import {
  directoryReachable,
  directorySignOutUrl,
  forgetSignedOut,
  noteSignedOut,
  signedOutHere,
} from './directorySignOut';

/** How Abmelden ended: at the directory too (the page goes there), or on this device only (no connection). */
export type SignOutResult = 'verzeichnis' | 'geraet';

/**
 * The signed-in session the whole app shares: MSAL plus the scopes it asks for. MSAL (about 66 kB gzip) is
 * loaded and started by `start()`: before the first render of a signed-in page (src/main.tsx), and on the
 * sign-in page only when someone may still be signed in or clicks "Anmelden".
 */
export class Session {
  private starting: Promise<MsalSession> | null = null;
  private started: MsalSession | null = null;
  /** Set by Abmelden: this page asks for no token any more and never starts a sign-in by itself. */
  private ended = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly auth: ClientConfig['auth'],
    private readonly startMsal: () => Promise<MsalSession>,
  ) {}

  /** Loads and starts MSAL once (handling a returning redirect); later calls get the same promise. */
  start(): Promise<MsalSession> {
    this.starting ??= this.startMsal().then(
      (started) => {
        this.started = started;
        noteSignedIn(started.msal.getActiveAccount() !== null);
        if (started.redirectResult?.account) forgetSignedOut();
        this.listeners.forEach((listener) => listener());
        return started;
      },
      (error: unknown) => {
        // A failed load (network gone when "Anmelden" was clicked) may be tried again by the next click.
        this.starting = null;
        throw error;
      },
    );
    return this.starting;
  }

  /** Whether MSAL has started; until then nobody counts as signed in. */
  get isStarted(): boolean {
    return this.started !== null;
  }

  /** Calls `listener` once MSAL has started (for useSyncExternalStore); returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The error of a sign-in redirect that came back failed, or null. */
  get redirectError(): unknown {
    return this.started?.redirectError ?? null;
  }

  get account() {
    return this.started?.msal.getActiveAccount() ?? null;
  }

  /**
   * Starts the sign-in redirect; the deep link is restored after it returns. `otherAccount` makes the
   * directory ask again instead of reusing its session (after "Zugriff verweigert"); so does a sign-out on this
   * device since the last sign-in, whose directory session may still be open (signed out without a connection).
   */
  async login(returnTo?: string, otherAccount = false): Promise<void> {
    if (returnTo) rememberReturnTo(returnTo);
    const { msal, nested } = await this.start();
    if (nested) {
      // Inside Outlook there is no redirect: Outlook asks in a window of its own, then the page the person wanted
      // (the side panel, which the guard remembered) starts afresh and finds the account through Outlook. Not
      // /login itself: only the side panel's page loads Office.js.
      const result = await msal.loginPopup({ scopes: this.auth.loginScopes });
      msal.setActiveAccount(result.account);
      window.location.assign(takeReturnTo());
      return;
    }
    // Graph's scopes belong to another resource: consented now, requested later with their own token.
    await msal.loginRedirect({
      scopes: this.auth.loginScopes,
      extraScopesToConsent: this.auth.graphScopes,
      ...(otherAccount || signedOutHere() ? { prompt: 'login' } : {}),
    });
  }

  /**
   * Abmelden: wipes what the device keeps of anyone, then ends the session at the directory too. Without a
   * connection to the directory the session ends on this device (MSAL's cache is cleared) and the directory's
   * sign-out waits for the next connection (directorySignOut.ts); the caller then shows /login itself.
   */
  async logout(): Promise<SignOutResult> {
    const { msal, nested } = await this.start();
    const account = this.account;
    this.ended = true;
    noteSignedIn(false);
    forgetGroups();
    await wipeDevice();
    // Inside Outlook the session is Outlook's: the pane forgets its tokens, Outlook stays signed in.
    if (nested) {
      await msal.clearCache();
      this.listeners.forEach((listener) => listener());
      return 'geraet';
    }
    const directory = directorySignOutUrl(this.auth, window.location.origin);
    if (await directoryReachable(directory)) {
      noteSignedOut(null);
      await msal.logoutRedirect({
        account,
        idTokenHint: account?.idToken,
        postLogoutRedirectUri: `${window.location.origin}/login`,
      });
      return 'verzeichnis';
    }
    await msal.clearCache();
    noteSignedOut(directory);
    this.listeners.forEach((listener) => listener());
    return 'geraet';
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
    const { msal } = await this.start();
    const account = this.account;
    // Signed out in this page: a call still on its way (a background fill) must not sign anyone in again.
    if (this.ended) throw new Error('Abgemeldet');
    if (!account) {
      await this.login(window.location.pathname + window.location.search);
      throw new Error('Nicht angemeldet');
    }
    try {
      const result = await msal.acquireTokenSilent({ scopes, account });
      return result.accessToken;
    } catch (error) {
      const { needsInteraction } = await import('./msalClient');
      if (needsInteraction(error)) {
        await this.login(window.location.pathname + window.location.search);
      }
      throw error;
    }
  }
}
