import type { ClientConfig } from '../config/clientConfig';

// Abmelden ends two sessions: the app's on this device (MSAL's cache, the kept data) and the directory's (the
// sign-in service's cookie, which would otherwise sign the same person in again without asking). Without a
// connection only the first can end at once: the second waits as a mark in localStorage and is ended on the
// sign-in page as soon as the directory can be reached, before anyone signs in. Neither mark holds anything of
// the person: the directory's sign-out address with the app's client id, and a flag.

/** The directory's sign-out still to be made (its address), kept until it is made. */
const PENDING_KEY = 'fenster-crm.verzeichnisAbmeldung';
/** Someone signed out on this device: the next sign-in asks who signs in instead of reusing a session. */
const SIGNED_OUT_KEY = 'fenster-crm.abgemeldet';

/** How long the sign-out waits for the directory to answer before it ends the session on the device only. */
const PROBE_TIMEOUT_MS = 4_000;

/** The directory's end-session address for this app, coming back to /login (no token, no account in it). */
export function directorySignOutUrl(auth: ClientConfig['auth'], origin: string): string {
  let endpoint = `${auth.authority.replace(/\/+$/, '')}/oauth2/v2.0/logout`;
  try {
    const metadata = auth.authorityMetadata
      ? (JSON.parse(auth.authorityMetadata) as { end_session_endpoint?: unknown })
      : null;
    if (typeof metadata?.end_session_endpoint === 'string') endpoint = metadata.end_session_endpoint;
  } catch {
    // Unreadable metadata: Entra's address, as MSAL would build it.
  }
  const url = new URL(endpoint);
  url.searchParams.set('client_id', auth.clientId);
  url.searchParams.set('post_logout_redirect_uri', `${origin}/login`);
  return url.toString();
}

/**
 * Whether the directory answers at `url` now. `navigator.onLine` alone is not enough: a phone may have a network
 * that carries nothing (a captive portal, a proxy refusing every connection), and a redirect there ends on the
 * browser's error page instead of the app's. Any answer counts (no-cors: its content is never read).
 */
export async function directoryReachable(url: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return false;
  try {
    await fetch(url, {
      method: 'HEAD',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return true;
  } catch {
    return false;
  }
}

/** Notes that someone signed out here; and, when the directory could not be reached, its sign-out to make later. */
export function noteSignedOut(pendingDirectorySignOut: string | null): void {
  try {
    localStorage.setItem(SIGNED_OUT_KEY, '1');
    if (pendingDirectorySignOut) localStorage.setItem(PENDING_KEY, pendingDirectorySignOut);
  } catch {
    // Blocked storage: nothing to remember with; the sign-in then works as before.
  }
}

/** Whether someone signed out on this device since the last sign-in (the next one asks who signs in). */
export const signedOutHere = (): boolean => localStorage.getItem(SIGNED_OUT_KEY) === '1';

/** A sign-in succeeded: the next one may use the directory's session again. */
export function forgetSignedOut(): void {
  localStorage.removeItem(SIGNED_OUT_KEY);
}

/** The directory's sign-out still to be made on this device, or null. */
export const pendingDirectorySignOut = (): string | null => localStorage.getItem(PENDING_KEY);

/**
 * Makes the directory's sign-out that is still pending, if the directory can be reached: the page goes there and
 * comes back to /login. Whether it went (false: nothing pending, or still no connection).
 */
export async function completeDirectorySignOut(): Promise<boolean> {
  const url = pendingDirectorySignOut();
  if (!url || !(await directoryReachable(url))) return false;
  // Forgotten before the page leaves: a failed sign-out there must not send every later visit of /login back.
  // The next sign-in asks who signs in all the same (SIGNED_OUT_KEY stays until someone has signed in).
  localStorage.removeItem(PENDING_KEY);
  window.location.assign(url);
  return true;
}
