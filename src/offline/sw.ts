// The installable app's service worker (built by vite-plugin-pwa into /sw.js, its precache list written in at
// build time). It keeps the app's own files of one build so that the app starts without network, and nothing
// else: API answers never pass through its cache (what is kept for offline use lives in IndexedDB, per account).
// A started page asks the server for a new build now and then (src/offline/serviceWorker.ts); the new worker
// waits until the person says "Neu laden", so one page never runs files of two builds.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { LANDING_ADDRESS, LANDING_HTML, SIGNED_IN_HTML } from '../auth/msalPages.rules';

// The worker's global scope, as far as this file uses it (the project's types are the page's, not a worker's).
declare const self: {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data?: { type?: string } }) => void): void;
};

// "Neu laden" (workbox-window's messageSkipWaiting): the waiting worker takes over.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// An address behind the sign-in, opened from the home screen or without network, gets the page the server would
// send for it: the landing (`/crm/dashboard`, no query) its own page with Mein Tag's frame and the light page's
// code, every other one the signed-in page. /api, /oidc and the sign-in pages always go to the network; so does
// the Outlook side panel's page (with Office.js and its own CSP).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(`/${LANDING_HTML}`), {
    allowlist: [LANDING_ADDRESS],
  }),
);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(`/${SIGNED_IN_HTML}`), {
    allowlist: [/^\/crm(\/|$)/],
    denylist: [/^\/api\//, /^\/oidc\//, /^\/crm\/outlook\/?(\?|$)/],
  }),
);
