import type { BrowserContext, Page, Request } from 'playwright-core';

// Requests of each watched context still under way, without the live streams (notifications, Kanban): those
// stay open as long as the page does, so Playwright's 'networkidle' never comes once the bell has started.
const open = new WeakMap<BrowserContext, Set<Request>>();

const isStream = (request: Request) => request.headers()['accept'] === 'text/event-stream';

/**
 * The requests of `source` (a context or one page) under way from now on, live streams left out; `stop` ends the
 * counting.
 */
export function trackRequests(source: BrowserContext | Page): { pending: Set<Request>; stop: () => void } {
  const pending = new Set<Request>();
  const started = (request: Request) => {
    if (!isStream(request)) pending.add(request);
  };
  const done = (request: Request) => void pending.delete(request);
  // BrowserContext and Page emit the same request events; the union's overloads do not type-check as one call.
  const emitter = source as Page;
  emitter.on('request', started);
  emitter.on('requestfinished', done);
  emitter.on('requestfailed', done);
  const stop = () => {
    emitter.off('request', started);
    emitter.off('requestfinished', done);
    emitter.off('requestfailed', done);
  };
  return { pending, stop };
}

/** Counts `context`'s requests under way (streams left out) for `networkQuiet`; call before the first page. */
export function watchNetwork(context: BrowserContext): void {
  open.set(context, trackRequests(context).pending);
}

/**
 * Resolves once `pending` held no request for `quietMs`; throws after `timeoutMs`, naming `what` and the requests
 * still under way.
 */
export async function untilQuiet(
  pending: ReadonlySet<Request>,
  what: string,
  quietMs = 500,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline) {
      throw new Error(
        `${what}: nach ${timeoutMs} ms noch offen: ${[...pending].map((r) => r.url()).join(', ')}`,
      );
    }
    if (pending.size > 0) quietSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Resolves once `page`'s context had no request under way for `quietMs` (live streams do not count), as
 * 'networkidle' would without them; throws after `timeoutMs`.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const pending = open.get(page.context());
  if (!pending) throw new Error('networkQuiet: Kontext nicht mit watchNetwork beobachtet');
  await page.waitForLoadState('load');
  await untilQuiet(pending, 'networkQuiet', quietMs, timeoutMs);
}
