// Inside Outlook the task pane cannot follow a redirect to the directory's sign-in page (Outlook on the web frames
// it, and the directory refuses to be framed): there MSAL asks Outlook for the token instead (nested app
// authentication). Everywhere else, also on /crm/outlook opened in a browser, the normal redirect sign-in.

/** How this page signs in: through Outlook (nested app authentication) or by the directory's redirect. */
export type SignInPath = 'nested' | 'redirect';

/** The part of Office.js the choice needs (the page of the task pane loads Office.js, see the server's page). */
export interface OfficeStart {
  onReady: () => Promise<{ host: string | null; platform?: string | null }>;
}

/** How long Office.js may take to say where it runs before the page goes on as a normal browser page. */
export const OFFICE_READY_TIMEOUT_MS = 3000;

/**
 * The sign-in path of this page: 'nested' when Office.js is loaded and reports Outlook as its host, otherwise (no
 * Office.js, another Office host, a plain browser where Office.js reports no host, Office.js that never answers)
 * 'redirect'.
 */
export async function signInPath(
  office: OfficeStart | undefined,
  timeoutMs = OFFICE_READY_TIMEOUT_MS,
): Promise<SignInPath> {
  if (typeof office?.onReady !== 'function') return 'redirect';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooLate = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const info = await Promise.race([office.onReady().catch(() => null), tooLate]);
    return info?.host === 'Outlook' ? 'nested' : 'redirect';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Office.js in some hosts sets `history.pushState` and `replaceState` to null on the window's history object (for
 * old web views without them); the router and MSAL need them. Deleting those own properties brings back the
 * browser's own methods from History.prototype.
 */
export function restoreHistory(history: History = window.history): void {
  const own = history as unknown as Record<string, unknown>;
  for (const name of ['pushState', 'replaceState']) {
    if (Object.prototype.hasOwnProperty.call(own, name) && own[name] === null) delete own[name];
  }
}
