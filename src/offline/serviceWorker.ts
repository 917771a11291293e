import { Workbox } from 'workbox-window';
import { offerUpdate } from './appUpdate';

// How often a page left open (a seller's phone keeps the app for days) asks whether a new build is out.
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker of the build (vite-plugin-pwa writes /sw.js). Called after the page's load
 * event, so that neither the worker's script nor its download of the app's files competes with the first
 * page. A new build is installed in the background and then waits: the page keeps the files it started
 * with until the person chooses "Neu laden" (offerUpdate), so no page runs the code of two builds.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () =>
    offerUpdate(() => {
      // The new worker takes over; the page reloads once it controls it, with the new build's files only.
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    }),
  );
  void workbox.register().catch((error: unknown) => console.warn('Service Worker nicht registriert', error));
  // A phone freezes the timers of a page in the background: the page also asks when it is looked at again (the
  // seller comes back to the app, the desk's tab is chosen), so a new build's prompt shows while the page is open.
  const check = () => {
    if (document.visibilityState === 'visible' && navigator.onLine)
      void workbox.update().catch(() => undefined);
  };
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', check);
  window.addEventListener('focus', check);
}
