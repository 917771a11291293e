// A note in localStorage that this browser had a signed-in account when MSAL last started. It is not a
// credential (MSAL keeps those); it only tells the sign-in page whether to start MSAL at once, to forward a
// person who is still signed in, or to wait until someone clicks "Anmelden".
const SIGNED_IN_HINT_KEY = 'fenster-crm.signedIn';

/** Notes whether MSAL found an account (or removes the note on sign-out). */
export function noteSignedIn(signedIn: boolean): void {
  if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
  else localStorage.removeItem(SIGNED_IN_HINT_KEY);
}

/** Whether someone may still be signed in here (a hint; MSAL decides). */
export function maybeSignedIn(): boolean {
  return localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
}
