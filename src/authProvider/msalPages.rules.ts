// Which addresses start MSAL before their first render. Read by src/main.tsx and, at build time, by
// build/signedInPreload.ts, whose start-up script asks for MSAL's code on the same addresses.

/** The sign-in page and "Zugriff verweigert": MSAL starts after their first render, if at all. */
export const SIGN_IN_PAGES = /^\/(login|zugriff)$/;
/** The customers' survey page: public, never needs MSAL. */
export const SURVEY_PAGES = /^\/umfrage\//;

/** Whether the page at `pathname` needs MSAL (an account, a token, a returning redirect) before its first render. */
export function msalBeforeRender(pathname: string): boolean {
  return !SIGN_IN_PAGES.test(pathname) && !SURVEY_PAGES.test(pathname);
}
