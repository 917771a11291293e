import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { loadRouteData } from './authProvider/startCrm';
import { firstScreenDrawn, noteFirstCallsSent } from './pageLoad';
import { msalBeforeRender, SIGN_IN_PAGES } from './auth/msalPages.rules';
import { maybeSignedIn } from './authProvider/signInHint';
import { ClientConfigProvider } from './config/ClientConfigContext';
import { timeZoneOf } from './config/companyTime';
import { lastClientConfig, loadClientConfig } from './config/loadClientConfig';
import { anyDayMirrored } from './offline/kept/dayMirrorKey';
import { loadMyDayLight, startsLight } from './resources/dashboard/lightLanding';

// The entry holds only what a phone's landing needs before Mein Tag's first drawing: React, its router, the
// configuration and the light page's start. The rest of the start (MSAL's session, the sign-in page with its MUI
// parts, the guarded CRM) is src/startApp.tsx, a chunk of its own that every HTML page except the phone's landing
// asks for beside this one (build/signedInPreload.ts); on the phone's landing it runs after the day is drawn.

// When MSAL (66 kB gzip) starts. Every page behind the sign-in needs it (an account, a token, a returning
// redirect) before its first render; the page the server sent for it (signed-in.html, build/signedInPreload.ts)
// has asked for its code already, beside this file. The sign-in page and "Zugriff verweigert" start it after
// their first render, and only when someone may still be signed in (to forward them) or comes back from signing
// out (MSAL closes that redirect); otherwise the click on "Anmelden" starts it. The survey page never needs it.
const { pathname, search } = window.location;
const msalFirst = msalBeforeRender(pathname);
// A phone's landing is drawn first by Mein Tag's light page; the full app loads once the day is on screen.
const light = startsLight(window.location);
const msalAfterRender =
  SIGN_IN_PAGES.test(pathname) && (maybeSignedIn() || new URLSearchParams(search).has('state'));

const loadMsal = () => import('./authProvider/msalClient');
// On a phone's landing the light page draws first, before MSAL is needed: MSAL's code (asked for by the page
// already) runs only after it, so that the two do not share the slow main thread.
const lightFirst: Promise<unknown> =
  msalFirst && light
    ? loadMyDayLight()
        .then(drawMyDayEarly)
        .catch(() => undefined)
    : Promise.resolve();
// A page without MSAL first (the sign-in page, the survey) makes no first calls to wait for.
if (!msalFirst) noteFirstCallsSent();
if (msalFirst) {
  void lightFirst.then(loadMsal).catch(() => undefined);
  // The module that starts the address's first data (startCrm): small, and here before the app's big files.
  void loadRouteData().catch(() => undefined);
}
// Asked for now, beside the entry's own files; the app's start waits for it.
const config = loadClientConfig();
config.catch(() => undefined);

const root = createRoot(document.getElementById('root')!);
/** Set once the app's own tree is rendered: what was drawn before it must not come back. */
let rendered = false;
let earlyRouter: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * A phone's landing draws Mein Tag as soon as its code is here, before the configuration, MSAL and the network
 * have answered: the top bar and the day this device kept for the person MSAL's storage names as signed in
 * (without today's whole day kept, or nobody signed in: nothing). With the last configuration read on this browser
 * (public). The app's tree replaces it in the same place once MSAL has confirmed the sign-in, starting from the
 * same kept day; signed out, the sign-in page does.
 */
function drawMyDayEarly(page: Awaited<ReturnType<typeof loadMyDayLight>>): Promise<void> | undefined {
  const config = lastClientConfig();
  if (!config || rendered) return;
  const accountId = page.storedMsalAccount(config.auth.clientId);
  if (!accountId) return;
  const keptDay = page.readKeptDay(accountId, timeZoneOf(config.tenant));
  // Without today's whole day kept (a first visit; or only the desk's todos kept) the Termine wait for MSAL's
  // token and the calls, and those go first: the app's tree draws the page right after it has sent them, during
  // their round trip. Drawn here, the page took the slowed main thread before MSAL's start (100–150 ms on the
  // phone profile) and showed little more than the HTML's frame.
  if (!keptDay) return;
  earlyRouter = createBrowserRouter([
    { path: '*', element: <page.MyDayLightPreview accountId={accountId} /> },
  ]);
  // Settled once the day is on screen (an effect runs after the browser has painted the commit): MSAL's code,
  // evaluated as soon as its import resolves, and the app's start must not run before the first drawing. At the
  // latest after DRAWN_AT_THE_LATEST_MS, so that a drawing that fails does not hold the app back.
  const drawing = new Promise<void>((drawn) => {
    setTimeout(drawn, DRAWN_AT_THE_LATEST_MS);
    root.render(
      <StrictMode>
        <ClientConfigProvider config={config}>
          <Drawn onDrawn={drawn}>
            <RouterProvider router={earlyRouter!} />
          </Drawn>
        </ClientConfigProvider>
      </StrictMode>,
    );
  }).then(() => new Promise<void>((next) => setTimeout(next)));
  return drawing;
}

const DRAWN_AT_THE_LATEST_MS = 3000;

/** Calls `onDrawn` after its first commit. */
function Drawn({ onDrawn, children }: { onDrawn: () => void; children: ReactNode }) {
  useEffect(onDrawn, [onDrawn]);
  return children;
}

function showStartError(error: unknown): void {
  console.error(error);
  rendered = true;
  root.render(
    <p style={{ fontFamily: 'sans-serif', padding: '2rem' }}>
      Das Fenster CRM konnte nicht starten. Bitte laden Sie die Seite neu oder wenden Sie sich an die IT.
    </p>,
  );
}

// On a phone's landing the app's start (and its chunk) comes after the day is drawn; elsewhere at once. Not
// top-level await: while the entry module waits, no module that imports from its chunk (`shell`) can run, so a
// dynamic import started meanwhile (the app's code, the first data) would wait for the first render. A landing
// on a browser that keeps no whole day (a first visit, a new phone, after Abmelden) cannot draw the Termine before
// the calls: its start (MSAL's session and the day's calls) is asked for at once, while the light page's code
// runs, not after it (on the phone's line that is one more round trip before the calls).
const nothingKept = light && msalFirst && !anyDayMirrored();
void (light && !nothingKept ? lightFirst : Promise.resolve())
  .then(() => import('./startApp'))
  .then(({ startApp }) =>
    startApp({
      root,
      config,
      loadMsal,
      msalFirst,
      msalAfterRender,
      light,
      lightFirst,
      takeOver: () => {
        rendered = true;
        earlyRouter?.dispose();
      },
    }),
  )
  .catch(showStartError);

// The installable app's service worker, only in the built app and only after the page has loaded and its first
// screen has drawn its data: its script and its download of the app's files must not compete with the first page.
// On a phone's landing only after Mein Tag is drawn: started from the worker's files, the page's load comes before
// the day is on screen.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const registerWorker = () =>
    void Promise.all([lightFirst, light ? undefined : firstScreenDrawn()])
      .then(() => import('./offline/serviceWorker'))
      .then(({ registerServiceWorker }) => registerServiceWorker());
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });
}
