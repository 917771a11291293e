import type { AccountInfo, EventMessage } from '@azure/msal-browser';
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

/** An access token is asked for anew this long before it expires (MSAL's own renewal offset, msalClient.ts). */
export const TOKEN_RENEWAL_OFFSET_SECONDS = 300;

// MSAL's events (by name: its constants would bring MSAL's code into this file's chunk) after which the active
// account may be another one or gone, here or in another tab of this browser (MSAL forwards these three).
const ACCOUNT_EVENTS = new Set(['msal:activeAccountChanged', 'msal:loginSuccess', 'msal:logoutSuccess']);
// After a token's renewal the account's claims (its ID token) may be newer.
const CLAIMS_EVENTS = new Set(['msal:acquireTokenSuccess']);

/** An access token of one account for one set of scopes, and when to ask MSAL again. */
interface KeptToken {
  account: string;
  accessToken: string;
  renewAt: number;
}

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
  // MSAL rebuilds every account from its cache (decoding each ID token) on each getActiveAccount and looks its
  // token cache through on each acquireTokenSilent: ~70 ms of a cold desk load's main thread before its first
  // row, paid again by every API call. Both are kept here until MSAL reports a change (ACCOUNT_EVENTS).
  private accountRead: { account: AccountInfo | null } | null = null;
  private readonly tokens = new Map<string, KeptToken>();

  constructor(
    readonly auth: ClientConfig['auth'],
    private readonly startMsal: () => Promise<MsalSession>,
  ) {}

  /** Loads and starts MSAL once (handling a returning redirect); later calls get the same promise. */
  start(): Promise<MsalSession> {
    this.starting ??= this.startMsal().then(
      (started) => {
        this.started = started;
        started.msal.addEventCallback((message: EventMessage) => {
          if (ACCOUNT_EVENTS.has(message.eventType)) this.forgetAccount();
          else if (CLAIMS_EVENTS.has(message.eventType)) this.accountRead = null;
        });
        noteSignedIn(this.account !== null);
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

  /** The signed-in account (MSAL's active one), null before MSAL has started or when nobody is signed in. */
  get account(): AccountInfo | null {
    const started = this.started;
    if (!started) return null;
    this.accountRead ??= { account: started.msal.getActiveAccount() };
    return this.accountRead.account;
  }

  /** Forgets the kept account and tokens: the next read asks MSAL. */
  private forgetAccount(): void {
    this.accountRead = null;
    this.tokens.clear();
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
    this.forgetAccount();
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
    const key = scopes.join(' ');
    const kept = this.tokens.get(key);
    if (kept && kept.account === account.homeAccountId && Date.now() < kept.renewAt) return kept.accessToken;
    try {
      const result = await msal.acquireTokenSilent({ scopes, account });
      if (result.expiresOn && !this.ended)
        this.tokens.set(key, {
          account: account.homeAccountId,
          accessToken: result.accessToken,
          renewAt: result.expiresOn.getTime() - TOKEN_RENEWAL_OFFSET_SECONDS * 1000,
        });
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
