// The JavaScript a browser loads for a first page, gzip (each file compressed here, as a compressing host
// would send it) and on the wire (the bytes the server actually sent, as Chromium reports them): the sign-in
// page, and cold signed-in loads (empty HTTP cache, sign-in carried over) of the dashboard, a Kunden deep
// link, a customer page, Vorgänge, the Kanban and an admin list. Budgets: ≤ 360 kB gzip each; the sign-in page
// ≤ 230 kB on the wire.
// Usage: start the product (npm start), then `npx tsx bench/firstPageJavaScript.ts [http://localhost:3000]`
// (BENCH_VERBOSE=1 lists every file); inside `npm run bench`: runFirstPageJavaScript(baseUrl).
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { launchChromium } from '../tests/support/chromium';
import { openSignedIn } from '../tests/support/browserSession';
import type { BenchFigure } from './figures';
import { isMain, printFigures } from './printFigures';
import { scriptsSettled } from './scriptsSettled';

const GZIP_BUDGET_KB = 360;
const LOGIN_WIRE_BUDGET_KB = 230;
/** The phone landing's entry; its JavaScript on the wire has a budget of its own. */
const MEIN_TAG = '/crm/dashboard (Mein Tag, 390 px)';
const MEIN_TAG_WIRE_BUDGET_KB = 250;

interface Loaded {
  files: number;
  gzipKb: number;
  wireKb: number;
}

async function javaScriptOf(page: Page, action: () => Promise<void>): Promise<Loaded> {
  const loaded: Promise<{ gzip: number; wire: number }>[] = [];
  const listener = (response: Response) => {
    if (!response.url().endsWith('.js') || response.status() !== 200) return;
    loaded.push(
      (async () => {
        const body = await response.body();
        const wire = (await response.request().sizes()).responseBodySize;
        const gzip = gzipSync(body).length;
        if (process.env.BENCH_VERBOSE)
          console.log(`  ${(gzip / 1024).toFixed(1).padStart(6)} kB  ${response.url().split('/').pop()}`);
        return { gzip, wire };
      })(),
    );
  };
  page.on('response', listener);
  await action();
  await scriptsSettled(page);
  page.off('response', listener);
  const all = await Promise.all(loaded);
  return {
    files: all.length,
    gzipKb: all.reduce((sum, file) => sum + file.gzip, 0) / 1024,
    wireKb: all.reduce((sum, file) => sum + file.wire, 0) / 1024,
  };
}

/** A cold page with the sign-in of `signedIn` carried over: an empty HTTP cache, as on a first visit. */
async function coldPage(
  browser: Browser,
  signedIn: Page,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({
    storageState: await signedIn.context().storageState(),
    // The page's own JavaScript: the service worker's download of the whole build after the load is not part of it.
    serviceWorkers: 'block',
    ...(viewport ? { viewport, isMobile: true, hasTouch: true } : {}),
  });
  return context.newPage();
}

/** First-load JavaScript of each first page, as figures with their budgets. */
export async function runFirstPageJavaScript(baseUrl: string): Promise<BenchFigure[]> {
  const browser = await launchChromium();
  const results: [string, Loaded][] = [];
  try {
    const fresh = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    results.push([
      '/login (nicht angemeldet)',
      await javaScriptOf(fresh, () => fresh.goto(`${baseUrl}/login`).then(() => undefined)),
    ]);
    const admin = await openSignedIn(browser, baseUrl, 'anna.admin', '/crm/admin/labels', undefined, {
      fresh: true,
    });
    const seller = await openSignedIn(browser, baseUrl, 'victor.verkauf', '/crm/kunden', undefined, {
      fresh: true,
    });
    await seller.locator('tbody tr').first().waitFor();
    // The list opens a customer by a click on its row (rowClick), not by a link: the id comes from the URL.
    await seller.locator('tbody tr').first().click();
    await seller.waitForURL(/\/crm\/kunden\/\d+/);
    const customerId = /kunden\/(\d+)/.exec(seller.url())?.[1];
    const pages: [string, Page, string, (page: Page) => Promise<unknown>][] = [
      [
        '/crm/dashboard',
        seller,
        '/crm/dashboard',
        (p) => p.getByRole('heading', { level: 1 }).first().waitFor(),
      ],
      [MEIN_TAG, seller, '/crm/dashboard', (p) => p.getByRole('heading', { name: 'Mein Tag' }).waitFor()],
      ['/crm/kunden (Deep Link)', seller, '/crm/kunden', (p) => p.locator('tbody tr').first().waitFor()],
      ...(customerId
        ? [
            [
              '/crm/kunden/:id/show (Kundenseite)',
              seller,
              `/crm/kunden/${customerId}/show`,
              (p: Page) => p.getByRole('heading', { level: 1 }).first().waitFor(),
            ] as [string, Page, string, (page: Page) => Promise<unknown>],
          ]
        : []),
      ['/crm/vorgang (Vorgänge)', seller, '/crm/vorgang', (p) => p.locator('tbody tr').first().waitFor()],
      [
        '/crm/vorgang/kartenansicht (Kanban)',
        seller,
        '/crm/vorgang/kartenansicht',
        (p) => p.locator('[data-card-id]').first().waitFor(),
      ],
      [
        '/crm/admin/labels (Admin-Liste)',
        admin,
        '/crm/admin/labels',
        (p) => p.getByRole('row').nth(1).waitFor(),
      ],
    ];
    for (const [name, signedIn, path, ready] of pages) {
      // Mein Tag is the phone's landing: a 390 px window (below 600 px the dashboard loads it instead).
      const cold = await coldPage(
        browser,
        signedIn,
        name === MEIN_TAG ? { width: 390, height: 844 } : undefined,
      );
      results.push([
        name,
        await javaScriptOf(cold, async () => {
          await cold.goto(`${baseUrl}${path}`);
          await ready(cold);
        }),
      ]);
      await cold.context().close();
    }
  } finally {
    await browser.close();
  }
  return results.flatMap(([name, loaded]): BenchFigure[] => {
    const one = { runs: 1, median: 0, min: 0, max: 0 };
    const figures: BenchFigure[] = [
      {
        ...one,
        name: `JavaScript ${name}: gzip`,
        unit: 'kB',
        median: loaded.gzipKb,
        min: loaded.gzipKb,
        max: loaded.gzipKb,
        budget: `≤ ${GZIP_BUDGET_KB} kB`,
        verdict: loaded.gzipKb <= GZIP_BUDGET_KB ? 'ok' : 'over',
        note: `${loaded.files} Dateien`,
      },
    ];
    const isLogin = name.startsWith('/login');
    figures.push({
      ...one,
      name: `JavaScript ${name}: auf der Leitung`,
      unit: 'kB',
      median: loaded.wireKb,
      min: loaded.wireKb,
      max: loaded.wireKb,
      ...(isLogin || name === MEIN_TAG
        ? {
            budget: `≤ ${isLogin ? LOGIN_WIRE_BUDGET_KB : MEIN_TAG_WIRE_BUDGET_KB} kB`,
            verdict:
              loaded.wireKb <= (isLogin ? LOGIN_WIRE_BUDGET_KB : MEIN_TAG_WIRE_BUDGET_KB)
                ? ('ok' as const)
                : ('over' as const),
          }
        : {}),
    });
    return figures;
  });
}

if (isMain(import.meta.url))
  printFigures(await runFirstPageJavaScript(process.argv[2] ?? 'http://localhost:3000'));
