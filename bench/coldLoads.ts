// Cold, signed-in loads of our screens beside Atomic CRM's demo, in one Chromium with
// network emulation (40 ms latency, 20 Mbit/s), ours and theirs alternated, medians of `runs`.
// Usage: npx tsx bench/coldLoads.ts http://localhost:4223 [--atomic /work/atomic-crm/dist] [--runs 7]
// (or ATOMIC_CRM_DIST=/path/to/dist). bench/README.md says how to build Atomic CRM's demo.
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../tests/support/chromium';
import { DESKTOP, openSignedIn } from '../tests/support/browserSession';
import { serveAtomicCrm } from './atomicCrmServer';
import { summarise, type BenchFigure } from './figures';
import { scriptsSettled } from './scriptsSettled';

/** What `runColdLoads` measures against: our server, optionally Atomic CRM's built demo, runs per figure. */
export type ColdLoadOptions = { baseUrl: string; atomicCrmDist?: string; runs: number };

/** The device a load is measured on: Chromium's network emulation (bytes per second), CPU slowdown, screen. */
export interface LoadProfile {
  network: { offline: boolean; latency: number; downloadThroughput: number; uploadThroughput: number };
  cpuSlowdown: number;
  viewport: { width: number; height: number };
}

// Cold loads on the desk: a fixed added latency (40 ms, 20 Mbit/s), the CPU as it is.
const DESKTOP_PROFILE: LoadProfile = {
  network: { offline: false, latency: 40, downloadThroughput: 2_500_000, uploadThroughput: 2_500_000 },
  cpuSlowdown: 1,
  viewport: DESKTOP,
};

/**
 * One cold load: when (ms after navigation start, the page's own clock) the data showed, and its JS. The JS is
 * the same in every run of a page (the build does not change during a run): it is measured in the first run
 * only, which waits for the page's last script; the others end as soon as the data shows, with NaN for the JS.
 */
/** A load's time to the data; its JavaScript on the wire and gzipped once settled, and on the wire until the data showed. */
export type Load = { ms: number; jsWireBytes: number; jsGzipBytes: number; jsWireBytesVisible: number };

/**
 * When the data counts as on screen: the first element matching one of these, laid out. Each matches
 * only rendered data, never the loading skeletons (react-admin's placeholder rows lack the
 * RaDataTable-row class; a Vorgang row links to its Vorgang; a Kanban card; a Kennzahl card's link).
 */
const VISIBLE = {
  kundenRow: 'tbody tr.RaDataTable-row',
  vorgangRow: 'tbody tr a[href^="/crm/vorgang/"]',
  kanbanCard: '[data-card-id]',
  kennzahl: 'a.MuiCardActionArea-root[href^="/crm/vorgang"]',
  // Atomic CRM (hash router): a contact row links to its show page; a deal card is a drag-and-drop item.
  atomicContactRow: 'a[href^="#/contacts/"][href$="/show"]',
  atomicDealCard: '[data-rfd-draggable-id]',
} as const;

// Installed before any page script: records performance.now() when `selector` first matches a laid-out
// element, so the figure does not include Playwright's polling or the Node side's clock.
function watchFor(selector: string): void {
  const record = () => {
    const element = document.querySelector(selector);
    if (!element || element.getBoundingClientRect().height === 0) return false;
    (window as unknown as { __visibleAt?: number }).__visibleAt = performance.now();
    return true;
  };
  const observer = new MutationObserver(() => {
    if (record()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

/**
 * When watchFor saw its element: asked over the DevTools protocol every 50 ms until then. Playwright's
 * waitForFunction would first evaluate its injected script (its selector engine) in the page, on the main thread
 * the load is using: under the phone profile's slowed CPU that took 35–50 ms of the measured time (traces of Mein
 * Tag's warm start, 01.12.2026).
 */
async function visibleAt(cdp: CDPSession): Promise<number> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: 'window.__visibleAt',
      returnByValue: true,
    });
    if (typeof result.value === 'number') return result.value;
    if (Date.now() > deadline) throw new Error('Das Element wurde in 120 s nicht sichtbar.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A second visit's state: the page opened once before in the same context (the HTTP cache filled) and, where the
 * app registers a service worker, that worker active with its files. The first visit is not throttled.
 */
async function visitBefore(
  context: BrowserContext,
  url: string,
  selector: string,
  keptPaths: readonly string[] = [],
): Promise<void> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForSelector(selector, { timeout: 120_000 });
  // Ours registers its worker after the load event; Atomic CRM's demo build has none.
  await page.waitForTimeout(1000);
  await page.evaluate(async () => {
    if (!(await navigator.serviceWorker.getRegistration())) return;
    await navigator.serviceWorker.ready;
  });
  // An offline start needs the answers the page keeps on the device (written when the browser is idle).
  if (keptPaths.length > 0)
    await page.waitForFunction(keptAnswersIn, keptPaths, { timeout: 120_000, polling: 250 });
  await page.close();
}

/** Whether the kept copy (IndexedDB `fenster-crm-unterwegs.<account>`) holds an answer for each of `paths`. */
async function keptAnswersIn(paths: readonly string[]): Promise<boolean> {
  const [name] = (await indexedDB.databases())
    .map((info) => info.name ?? '')
    .filter((db) => db.startsWith('fenster-crm-unterwegs.'));
  if (!name) return false;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    if (!db.objectStoreNames.contains('answers')) return false;
    const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
      const request = db.transaction('answers').objectStore('answers').getAllKeys();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return paths.every((path) => keys.includes(path));
  } finally {
    db.close();
  }
}

/**
 * Opens `url` in a fresh context (empty cache, given storage), emulating the profile's network and CPU; returns
 * its figures. `warm`: the second visit in that context (see visitBefore).
 */
export async function coldLoad(
  browser: Browser,
  url: string,
  selector: string,
  options: {
    storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
    afterVisible?: (page: Page) => Promise<number>;
    measureScripts: boolean;
    profile?: LoadProfile;
    warm?: boolean;
    /**
     * A warm start without network: after the first visit (service worker in place, and these API paths in the
     * kept copy on the device) the context goes offline.
     */
    offline?: { keptPaths: readonly string[] };
  },
): Promise<Load> {
  const { storageState, afterVisible, measureScripts, profile = DESKTOP_PROFILE, offline } = options;
  const warm = options.warm === true || offline !== undefined;
  const context = await browser.newContext({ viewport: profile.viewport, locale: 'de-AT', storageState });
  try {
    if (warm) await visitBefore(context, url, selector, offline?.keptPaths);
    if (offline) await context.setOffline(true);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      ...profile.network,
      offline: offline !== undefined,
    });
    if (profile.cpuSlowdown > 1)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    const scripts = new Set<string>();
    let jsWireBytes = 0;
    // JavaScript: scripts and module preloads alike (a preload's type is not always "Script").
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script' || /javascript/.test(event.response.mimeType)) scripts.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (scripts.has(event.requestId)) jsWireBytes += event.encodedDataLength;
    });
    const bodies: Promise<Buffer | null>[] = [];
    page.on('response', (response) => {
      const javaScript =
        response.request().resourceType() === 'script' ||
        /javascript/.test(response.headers()['content-type'] ?? '');
      if (javaScript && response.status() === 200) {
        bodies.push(response.body().catch(() => null));
      }
    });
    // tsx compiles with esbuild's keepNames, which wraps the inner functions of watchFor and of the
    // scrolling code in a __name() helper that exists only in Node; the page gets a no-op of it.
    await page.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
    await page.addInitScript(watchFor, selector);
    // Only the page's own clock counts; on a busy machine "load" can come late, so do not wait for it.
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    let ms = await visibleAt(cdp);
    // What the first screen needed: what loads behind it afterwards (a phone's full app) is not counted here.
    const jsWireBytesVisible = jsWireBytes;
    if (afterVisible) ms = await afterVisible(page);
    if (!measureScripts) return { ms, jsWireBytes: NaN, jsGzipBytes: NaN, jsWireBytesVisible: NaN };
    await scriptsSettled(page);
    const jsGzipBytes = (await Promise.all(bodies)).reduce(
      (sum, body) => sum + (body ? gzipSync(body).length : 0),
      0,
    );
    return { ms, jsWireBytes, jsGzipBytes, jsWireBytesVisible };
  } finally {
    await context.close();
  }
}

// A board of 1,000 cards must scroll smoothly: the longest column is scrolled until its 1,000th card is drawn
// (on the 100,000-customer data set that column holds 43,000; scrolling all of it took two minutes a run).
const CARDS_TO_SCROLL = 1000;
// The scroll is slow (six seconds and more a run) and steady (a spread of a few per cent): three runs suffice.
const SCROLL_RUNS = 3;
// The other screens (Kanban and deals, dashboard, Vorgänge) run at most five times; Kunden and Atomic's contacts,
// the issue's headline ratio, every run.
const OTHER_RUNS = 5;

/**
 * On a board already showing cards: scrolls its longest column, loading page after page, and returns
 * performance.now() when its 1,000th card (or its last) is drawn; the column's total goes to `seen`.
 */
async function scrollLongestColumn(page: Page, seen: number[]): Promise<number> {
  const { total, at } = await page.evaluate(async (cardsWanted) => {
    const columns = [...document.querySelectorAll('section[aria-label^="Spalte "]')];
    const totalOf = (column: Element) =>
      Number((column.querySelector('h2 + div span')?.textContent ?? '0').replace(/\D/g, ''));
    const longest = columns.reduce((a, b) => (totalOf(b) > totalOf(a) ? b : a));
    const list = longest.querySelector<HTMLElement>('[role="group"]');
    if (!list) throw new Error('Die Spalte hat keine Kartenliste.');
    // The list is virtualised: a card's slot stands at its index times the slot height.
    const lastDrawn = () =>
      Math.max(
        -1,
        ...[...list.querySelectorAll<HTMLElement>('[data-rfd-draggable-id]')].map((slot) =>
          Math.round(parseFloat(slot.style.top) / parseFloat(slot.style.height)),
        ),
      );
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const deadline = performance.now() + 180_000;
    const wanted = Math.min(cardsWanted, totalOf(longest));
    while (lastDrawn() + 1 < wanted) {
      if (performance.now() > deadline)
        throw new Error(`Die Spalte zeigte in 3 Minuten keine ${wanted} Karten.`);
      list.scrollTop = list.scrollHeight;
      await frame();
    }
    return { total: totalOf(longest), at: performance.now() };
  }, CARDS_TO_SCROLL);
  seen.push(total);
  return at;
}

export const kB = (bytes: number) => Math.round(bytes / 102.4) / 10;

export function figure(
  name: string,
  unit: BenchFigure['unit'],
  samples: number[],
  extra: Partial<BenchFigure> = {},
) {
  const summary = summarise(samples);
  const verdict = extra.budget ? withinBudget(summary.median, extra.budget) : 'n/a';
  return { name, unit, ...summary, verdict, ...extra } satisfies BenchFigure;
}

// Budgets of the form "≤ 0.5×", "≤ 360 kB" or "< 2000 ms": the median is held to the number.
function withinBudget(median: number, budget: string): BenchFigure['verdict'] {
  const match = /(≤|<)\s*(\d+(?:\.\d+)?)/.exec(budget);
  if (!match) return 'n/a';
  const limit = Number(match[2]);
  return (match[1] === '<' ? median < limit : median <= limit) ? 'ok' : 'over';
}

/** Cold-load figures of our screens and, given its build, Atomic CRM's, with the ratios between them. */
export async function runColdLoads(options: ColdLoadOptions): Promise<BenchFigure[]> {
  const { baseUrl, runs } = options;
  const browser = await launchChromium();
  const atomic = options.atomicCrmDist ? await serveAtomicCrm(options.atomicCrmDist) : undefined;
  try {
    const signedIn = await openSignedIn(browser, baseUrl, 'victor.verkauf', '/crm/dashboard', undefined, {
      fresh: true,
    });
    await signedIn.waitForLoadState('networkidle');
    const storageState = await signedIn.context().storageState();
    await signedIn.context().close();
    const samples = {
      kunden: [] as Load[],
      vorgaenge: [] as Load[],
      kanban: [] as Load[],
      dashboard: [] as Load[],
      longBoard: [] as Load[],
      contacts: [] as Load[],
      deals: [] as Load[],
    };
    const columnTotals: number[] = [];
    for (let run = 0; run < runs; run++) {
      const measureScripts = run === 0;
      const ours = (path: string, selector: string, afterVisible?: (page: Page) => Promise<number>) =>
        coldLoad(browser, `${baseUrl}${path}`, selector, { storageState, afterVisible, measureScripts });
      const theirs = (path: string, selector: string) =>
        coldLoad(browser, `${atomic!.url}/#/${path}`, selector, { measureScripts });
      // Alternated: each of ours right before the matching one of theirs, so load changes hit both.
      samples.kunden.push(await ours('/crm/kunden', VISIBLE.kundenRow));
      if (atomic) samples.contacts.push(await theirs('contacts', VISIBLE.atomicContactRow));
      if (run >= OTHER_RUNS) continue;
      samples.kanban.push(await ours('/crm/vorgang/kartenansicht', VISIBLE.kanbanCard));
      if (atomic) samples.deals.push(await theirs('deals', VISIBLE.atomicDealCard));
      samples.dashboard.push(await ours('/crm/dashboard', VISIBLE.kennzahl));
      samples.vorgaenge.push(await ours('/crm/vorgang', VISIBLE.vorgangRow));
      if (run < SCROLL_RUNS)
        samples.longBoard.push(
          await ours('/crm/vorgang/kartenansicht', VISIBLE.kanbanCard, (page) =>
            scrollLongestColumn(page, columnTotals),
          ),
        );
    }

    const ms = (loads: Load[]) => loads.map((load) => Math.round(load.ms));
    // Pairs of the same run; for a JS figure only the runs that measured it.
    const pairRatio = (a: Load[], b: Load[], of: (load: Load) => number) =>
      a
        .map((load, i) => of(load) / of(b[i]!))
        .filter((ratio) => !Number.isNaN(ratio))
        .map((ratio) => Math.round(ratio * 100) / 100);
    const longest = Math.max(...columnTotals);
    const measured = (loads: Load[]) => loads.filter((load) => !Number.isNaN(load.jsWireBytes));
    const wire = (loads: Load[]) => measured(loads).map((load) => kB(load.jsWireBytes));
    const gzip = (loads: Load[]) => measured(loads).map((load) => kB(load.jsGzipBytes));
    const figures: BenchFigure[] = [
      figure('Kunden: erste Zeile (kalt)', 'ms', ms(samples.kunden)),
      figure('Vorgänge: erste Zeile (kalt)', 'ms', ms(samples.vorgaenge)),
      figure('Kartenansicht: erste Karte (kalt)', 'ms', ms(samples.kanban)),
      figure('Dashboard: Kennzahlen sichtbar (kalt)', 'ms', ms(samples.dashboard)),
      figure(
        'Dashboard / Kunden erste Zeile',
        'x',
        pairRatio(samples.dashboard, samples.kunden, (l) => l.ms),
        {
          budget: '≤ 1×',
          note: 'Ziel: das Dashboard nicht langsamer als die Kundenliste',
        },
      ),
      figure(
        'Kartenansicht: 1.000 Karten der längsten Spalte durchgescrollt (kalt)',
        'ms',
        ms(samples.longBoard),
        {
          note:
            longest >= 1000
              ? `Spalte mit ${longest.toLocaleString('de-DE')} Karten`
              : `nur ${longest} Karten in der längsten Spalte (Ziel: ≥ 1.000; größeren Datenbestand verwenden)`,
        },
      ),
      figure('JavaScript Kunden (Übertragung)', 'kB', wire(samples.kunden)),
      figure('JavaScript Kunden (gzip)', 'kB', gzip(samples.kunden), { budget: '≤ 360 kB' }),
      figure('JavaScript Kartenansicht (Übertragung)', 'kB', wire(samples.kanban)),
      figure('JavaScript Kartenansicht (gzip)', 'kB', gzip(samples.kanban), { budget: '≤ 360 kB' }),
    ];
    if (atomic) {
      const ratio = (name: string, a: Load[], b: Load[], of: (load: Load) => number, budget?: string) =>
        figure(name, 'x', pairRatio(a, b, of), budget ? { budget } : {});
      figures.push(
        figure('Atomic CRM: erste Kontaktzeile (kalt)', 'ms', ms(samples.contacts)),
        figure('Atomic CRM: erste Deal-Karte (kalt)', 'ms', ms(samples.deals)),
        figure('Atomic CRM: JavaScript Kontakte (Übertragung)', 'kB', wire(samples.contacts)),
        figure('Atomic CRM: JavaScript Kontakte (gzip)', 'kB', gzip(samples.contacts)),
        figure('Atomic CRM: JavaScript Deals (Übertragung)', 'kB', wire(samples.deals)),
        figure('Atomic CRM: JavaScript Deals (gzip)', 'kB', gzip(samples.deals)),
        ratio(
          'Kunden / Atomic Kontakte: erste Zeile',
          samples.kunden,
          samples.contacts,
          (l) => l.ms,
          '≤ 0.5×',
        ),
        ratio('Kartenansicht / Atomic Deals: erste Karte', samples.kanban, samples.deals, (l) => l.ms),
        ratio(
          'JavaScript Kunden / Atomic Kontakte (Übertragung)',
          samples.kunden,
          samples.contacts,
          (l) => l.jsWireBytes,
          '≤ 0.5×',
        ),
        ratio(
          'JavaScript Kunden / Atomic Kontakte (gzip)',
          samples.kunden,
          samples.contacts,
          (l) => l.jsGzipBytes,
        ),
        ratio(
          'JavaScript Kartenansicht / Atomic Deals (Übertragung)',
          samples.kanban,
          samples.deals,
          (l) => l.jsWireBytes,
        ),
      );
    }
    return figures;
  } finally {
    await browser.close();
    await atomic?.close();
  }
}

// CLI: prints the figures as a table.
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const figures = await runColdLoads({
    baseUrl: args[0] && !args[0].startsWith('--') ? args[0] : 'http://localhost:3000',
    atomicCrmDist: option('--atomic') ?? process.env.ATOMIC_CRM_DIST,
    runs: Number(option('--runs') ?? 7),
  });
  for (const f of figures) {
    const spread = `${f.min}–${f.max}`;
    console.log(
      `${f.name.padEnd(58)} ${String(f.median).padStart(8)} ${f.unit.padEnd(2)} (${spread}, n=${f.runs})` +
        `${f.budget ? `  Budget ${f.budget}: ${f.verdict}` : ''}${f.note ? `  ${f.note}` : ''}`,
    );
  }
}
