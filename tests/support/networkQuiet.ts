import type { BrowserContext, Page, Request } from 'playwright-core';

// Requests of each watched context still under way, without the live streams (notifications, Kanban): those
// stay open as long as the page does, so Playwright's 'networkidle' never comes once the bell has started.
const open = new WeakMap<BrowserContext, Set<Request>>();

const isStream = (request: Request) => request.headers()['accept'] === 'text/event-stream';

/** Counts `context`'s requests under way (streams left out) for `networkQuiet`; call before the first page. */
export function watchNetwork(context: BrowserContext): void {
  const pending = new Set<Request>();
  open.set(context, pending);
  context.on('request', (request) => {
    if (!isStream(request)) pending.add(request);
  });
  const done = (request: Request) => void pending.delete(request);
  context.on('requestfinished', done);
  context.on('requestfailed', done);
}

/**
 * Resolves once `page`'s context had no request under way for `quietMs` (live streams do not count), as
 * 'networkidle' would without them; throws after `timeoutMs`.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const pending = open.get(page.context());
  if (!pending) throw new Error('networkQuiet: Kontext nicht mit watchNetwork beobachtet');
  await page.waitForLoadState('load');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline) {
      throw new Error(
        `networkQuiet: nach ${timeoutMs} ms noch offen: ${[...pending].map((r) => r.url()).join(', ')}`,
      );
    }
    if (pending.size > 0) quietSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
