import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { loadPublicPages } from './authProvider/loadPublicPages';
import { Session } from './authProvider/session';
import { startCrm } from './authProvider/startCrm';
import { noteFirstCallsSent } from './pageLoad';
import { applyBranding } from './config/applyBranding';
import type { ClientConfig } from './config/clientConfig';
import { ClientConfigProvider } from './config/ClientConfigContext';
import { createApiClient } from './dataProvider/httpClient';
import { warmUpIntl } from './i18n/warmUpIntl';
import { timeZoneOf } from './config/companyTime';

/** What the entry (src/main.tsx) decided and started before this module's code was here. */
export type AppStart = {
  root: Root;
  /** The configuration's request, started by the entry. */
  config: Promise<ClientConfig>;
  loadMsal: () => Promise<typeof import('./authProvider/msalClient')>;
  msalFirst: boolean;
  msalAfterRender: boolean;
  /** A phone's landing: Mein Tag's light page draws first. */
  light: boolean;
  /** Settled once the light page has drawn (or found nothing to draw). */
  lightFirst: Promise<unknown>;
  /** Called right before the app's own tree replaces what the entry drew. */
  takeOver: () => void;
};

/**
 * The app's start: MSAL's session, the first data and the tree with every page (the guarded CRM; the sign-in
 * page, whose MUI parts are a chunk of their own, PublicPages.tsx). In a chunk of its own, loaded by the entry,
 * so that a phone's landing draws Mein Tag without running any of it first; it holds no MUI, so that the
 * landing gets its first calls out without MUI's code on the line.
 */
export async function startApp(start: AppStart): Promise<void> {
  const { pathname } = window.location;
  // The sign-in pages' MUI parts: their files came beside the entry's (index.html), and the first render shows
  // them at once. Behind the sign-in they come with the app's code, and the guard shows its waiting state once
  // they are here; a phone's landing is drawn by the light page without them.
  const publicPages = start.msalFirst ? undefined : loadPublicPages().catch(() => undefined);
  const config = await start.config;
  applyBranding(config);
  const session = new Session(config.auth, () =>
    start.loadMsal().then(({ startMsal }) => startMsal(config.auth, config.ui.redirectUrl)),
  );
  if (start.msalFirst) {
    await start.lightFirst;
    await session.start();
    // The app's code, the groups and the address's data start now rather than after React's first render.
    if (pathname.startsWith('/crm') && session.account)
      startCrm(session, createApiClient(session, config.ui.apiBaseUrl), !start.light);
    else noteFirstCallsSent();
    // While the app's code is on its way, the idle main thread prepares what the first list render needs.
    setTimeout(() => warmUpIntl(timeZoneOf(config.tenant)));
  } else if (start.msalAfterRender)
    setTimeout(() => void session.start().catch((error: unknown) => console.error(error)));
  // A data router (not <BrowserRouter>): only it can hold a navigation back, which the forms need to ask
  // before unsaved input is discarded (react-admin's warnWhenUnsavedChanges, useUnsavedChangesGuard).
  // AppRoutes keeps its own <Routes> below the one catch-all route.
  await publicPages;
  const router = createBrowserRouter([{ path: '*', element: <AppRoutes session={session} /> }]);
  start.takeOver();
  start.root.render(
    <StrictMode>
      <ClientConfigProvider config={config}>
        <RouterProvider router={router} />
      </ClientConfigProvider>
    </StrictMode>,
  );
}
