// The deep link survives the sign-in redirect in sessionStorage; a file of its own so that the pages using it
// do not pull in MSAL (src/authProvider/msalClient.ts), which public pages load only when needed.
const RETURN_TO_KEY = 'fenster-crm.returnTo';

/** Remembers the deep link a user opened before being sent to sign in. */
export function rememberReturnTo(path: string): void {
  if (path.startsWith('/crm')) sessionStorage.setItem(RETURN_TO_KEY, path);
}

/** The remembered deep link (once), or the start page. */
export function takeReturnTo(): string {
  const path = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  return path?.startsWith('/crm') ? path : '/crm/dashboard';
}
