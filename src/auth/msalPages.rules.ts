// Which addresses start MSAL before their first render: src/main.tsx starts it there, and the server sends them
// signed-in.html, whose modulepreload links ask for MSAL's code beside the entry's (build/signedInPreload.ts).

/** The sign-in page and "Zugriff verweigert": MSAL starts after their first render, if at all. */
export const SIGN_IN_PAGES = /^\/(login|zugriff)$/;
/** The customers' public pages (the survey, the unsubscribe link, the online offer): never need MSAL. */
export const SURVEY_PAGES = /^\/(umfrage|abmelden|angebot)\//;

/** Whether the page at `pathname` needs MSAL (an account, a token, a returning redirect) before its first render. */
export function msalBeforeRender(pathname: string): boolean {
  return !SIGN_IN_PAGES.test(pathname) && !SURVEY_PAGES.test(pathname);
}

/** The page the build writes beside index.html for those addresses, with MSAL's code preloaded. */
export const SIGNED_IN_HTML = 'signed-in.html';

/**
 * The landing itself (`/crm/dashboard`, no query): signed-in.html plus, below 600 px only, the code of Mein Tag's
 * light page, which a phone draws first there.
 */
export const LANDING_HTML = 'landing.html';
/** The landing's address, path and query (the service worker's navigation route matches it too). */
export const LANDING_ADDRESS = /^\/crm\/dashboard\/?$/;
export const isLandingAddress = (url: string): boolean => LANDING_ADDRESS.test(url);
