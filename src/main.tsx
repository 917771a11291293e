import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { Session } from './authProvider/session';
import { loadRouteData, startCrm } from './authProvider/startCrm';
import { msalBeforeRender, SIGN_IN_PAGES } from './auth/msalPages.rules';
import { maybeSignedIn } from './authProvider/signInHint';
import { applyBranding } from './config/applyBranding';
import { ClientConfigProvider } from './config/ClientConfigContext';
import { timeZoneOf } from './config/companyTime';
import { lastClientConfig, loadClientConfig } from './config/loadClientConfig';
import { createApiClient } from './dataProvider/httpClient';
import { warmUpIntl } from './i18n/warmUpIntl';
import { loadMyDayLight, startsLight } from './resources/dashboard/lightLanding';

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
if (msalFirst) {
  void lightFirst.then(loadMsal).catch(() => undefined);
  // The module that starts the address's first data (startCrm): small, and here before the app's big files
  // take the connections.
  void loadRouteData().catch(() => undefined);
}

const root = createRoot(document.getElementById('root')!);
/** Set once the app's own tree is rendered: what was drawn before it must not come back. */
let rendered = false;
let earlyRouter: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * A phone's landing draws Mein Tag as soon as its code is here, before the configuration, MSAL and the network
 * have answered: the top bar and the day this device kept for the person MSAL's storage names as signed in
 * (nothing kept: the loading bars; nobody signed in: nothing). With the last configuration read on this browser
 * (public). The app's tree replaces it in the same place once MSAL has confirmed the sign-in, starting from the
 * same kept day; signed out, the sign-in page does.
 */
function drawMyDayEarly(page: Awaited<ReturnType<typeof loadMyDayLight>>): void {
  const config = lastClientConfig();
  if (!config || rendered) return;
  const accountId = page.storedMsalAccount(config.auth.clientId);
  if (!accountId) return;
  page.readKeptDay(accountId, timeZoneOf(config.tenant));
  earlyRouter = createBrowserRouter([
    { path: '*', element: <page.MyDayLightPreview accountId={accountId} /> },
  ]);
  root.render(
    <StrictMode>
      <ClientConfigProvider config={config}>
        <RouterProvider router={earlyRouter} />
      </ClientConfigProvider>
    </StrictMode>,
  );
}

// Not top-level await: while the entry module waits, no module that imports from its chunk (`shell`) can run,
// so a dynamic import started meanwhile (the app's code, the first data) would wait for the first render.
async function start(): Promise<void> {
  try {
    const config = await loadClientConfig();
    applyBranding(config);
    const session = new Session(config.auth, () =>
      loadMsal().then(({ startMsal }) => startMsal(config.auth, config.ui.redirectUrl)),
    );
    if (msalFirst) {
      await lightFirst;
      await session.start();
      // The app's code, the groups and the address's data start now rather than after React's first render.
      if (pathname.startsWith('/crm') && session.account)
        startCrm(session, createApiClient(session, config.ui.apiBaseUrl), !light);
      // While the app's code is on its way, the idle main thread prepares what the first list render needs.
      setTimeout(warmUpIntl);
    } else if (msalAfterRender)
      setTimeout(() => void session.start().catch((error: unknown) => console.error(error)));
    // A data router (not <BrowserRouter>): only it can hold a navigation back, which the forms need to ask
    // before unsaved input is discarded (react-admin's warnWhenUnsavedChanges, useUnsavedChangesGuard).
    // AppRoutes keeps its own <Routes> below the one catch-all route.
    const router = createBrowserRouter([{ path: '*', element: <AppRoutes session={session} /> }]);
    rendered = true;
    earlyRouter?.dispose();
    root.render(
      <StrictMode>
        <ClientConfigProvider config={config}>
          <RouterProvider router={router} />
        </ClientConfigProvider>
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    rendered = true;
    root.render(
      <p style={{ fontFamily: 'sans-serif', padding: '2rem' }}>
        Das Fenster CRM konnte nicht starten. Bitte laden Sie die Seite neu oder wenden Sie sich an die IT.
      </p>,
    );
  }
}

void start();

// The installable app's service worker, only in the built app and only after the page has loaded: its script and
// its download of the app's files must not compete with the first page.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const registerWorker = () =>
    void import('./offline/serviceWorker').then(({ registerServiceWorker }) => registerServiceWorker());
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });
}
