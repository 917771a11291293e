// Loads on a phone: our screens beside Atomic CRM's demo under one phone profile (Chromium emulation: 150 ms
// round trip, 1.6 Mbit/s both ways, CPU 4× slower, 390 × 844), cold (empty cache) and warm (the second visit,
// with the service worker of the first in place where the app has one), ours and theirs alternated.
// Usage: npx tsx bench/phoneLoads.ts http://localhost:4140 [--atomic /path/to/atomic-crm/dist] [--runs 3]
// (or ATOMIC_CRM_DIST). Inside `npm run bench` (or `BENCH_ONLY=phone npm run bench`): runPhoneLoads.
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../tests/support/chromium';
import { DESKTOP, openSignedIn } from '../tests/support/browserSession';
import { serveAtomicCrm } from './atomicCrmServer';
import { coldLoad, figure, kB, type Load, type LoadProfile } from './coldLoads';
import type { BenchFigure } from './figures';
import { isMain, printFigures } from './printFigures';

export const PHONE_PROFILE: LoadProfile = {
  // Chromium's `latency` is the added time from a request to its response's headers: the round trip.
  network: { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 200_000 },
  cpuSlowdown: 4,
  viewport: { width: 390, height: 844 },
};

/**
 * What counts as drawn at 390 px (rendered data only, never a loading state): Mein Tag's Termine (the first
 * card, or the line saying there is none today: the list has its data either way), a Kunden card, the tabs of a
 * Vorgang page (drawn with the Vorgang), a Kanban card; Atomic CRM's contact row and deal card.
 */
const VISIBLE = {
  meinTag: 'section[aria-label="Termine heute"] :is(li, p)',
  kundenCard: 'a.MuiCardActionArea-root[href^="/crm/kunden/"]',
  vorgangPage: '[aria-label="Bereiche des Vorgangs"]',
  kanbanCard: '[data-card-id]',
  atomicContactRow: 'a[href^="#/contacts/"][href$="/show"]',
  atomicDealCard: '[data-rfd-draggable-id]',
} as const;

/** What Mein Tag reads from the device without network (the kept copy's keys: the API path and query). */
const MEIN_TAG_KEPT = ['user/myGroups', 'dashboard/getMyDayAppointments', 'todo/getTodos'] as const;

// Atomic CRM's phone layout has no deals board (its menu: Dashboard, Contacts, Tasks, Settings), so the boards
// are compared on the same network and CPU at the desk's width.
const BOARD_PROFILE: LoadProfile = { ...PHONE_PROFILE, viewport: DESKTOP };

export type PhoneLoadOptions = { baseUrl: string; atomicCrmDist?: string; runs: number };

/** A Vorgang of the data set to open (the first of the signed-in seller's Vorgänge list). */
async function someVorgang(
  browser: Browser,
  baseUrl: string,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<string> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'de-AT', storageState });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/crm/vorgang`);
    const link = page.locator('tbody tr a[href^="/crm/vorgang/"]').first();
    await link.waitFor({ timeout: 120_000 });
    return (await link.getAttribute('href'))!;
  } finally {
    await context.close();
  }
}

/** Cold and warm loads of Mein Tag, Kunden, a Vorgang page and the Kanban, and Atomic CRM's, on a phone. */
export async function runPhoneLoads(options: PhoneLoadOptions): Promise<BenchFigure[]> {
  const { baseUrl, runs } = options;
  const browser = await launchChromium();
  const atomic = options.atomicCrmDist ? await serveAtomicCrm(options.atomicCrmDist) : undefined;
  try {
    const signedIn = await openSignedIn(browser, baseUrl, 'victor.verkauf', '/crm/dashboard', DESKTOP, {
      fresh: true,
    });
    await signedIn.waitForLoadState('networkidle');
    const storageState = await signedIn.context().storageState();
    await signedIn.context().close();
    const vorgang = await someVorgang(browser, baseUrl, storageState);
    const screens = ['meinTag', 'kunden', 'vorgang', 'kanban', 'contacts', 'deals'] as const;
    const offlineMeinTag: Load[] = [];
    const empty = () => Object.fromEntries(screens.map((s) => [s, [] as Load[]])) as Record<string, Load[]>;
    const cold = empty();
    const warm = empty();
    for (let run = 0; run < runs; run++) {
      const ours = (path: string, selector: string, isWarm: boolean, profile = PHONE_PROFILE) =>
        coldLoad(browser, `${baseUrl}${path}`, selector, {
          storageState,
          measureScripts: run === 0 && !isWarm && path === '/crm/dashboard',
          profile,
          warm: isWarm,
        });
      const theirs = (path: string, selector: string, isWarm: boolean, profile = PHONE_PROFILE) =>
        coldLoad(browser, `${atomic!.url}/#/${path}`, selector, {
          measureScripts: false,
          profile,
          warm: isWarm,
        });
      // Alternated: each of ours next to the matching one of theirs, so that load changes hit both.
      for (const isWarm of [false, true]) {
        const into = isWarm ? warm : cold;
        into.meinTag!.push(await ours('/crm/dashboard', VISIBLE.meinTag, isWarm));
        into.kunden!.push(await ours('/crm/kunden', VISIBLE.kundenCard, isWarm));
        if (atomic) into.contacts!.push(await theirs('contacts', VISIBLE.atomicContactRow, isWarm));
        into.vorgang!.push(await ours(vorgang, VISIBLE.vorgangPage, isWarm));
        into.kanban!.push(
          await ours('/crm/vorgang/kartenansicht', VISIBLE.kanbanCard, isWarm, BOARD_PROFILE),
        );
        if (atomic) into.deals!.push(await theirs('deals', VISIBLE.atomicDealCard, isWarm, BOARD_PROFILE));
      }
      // The seller opens the app where there is no signal: the service worker and the kept copy of the first
      // visit, the context offline.
      offlineMeinTag.push(
        await coldLoad(browser, `${baseUrl}/crm/dashboard`, VISIBLE.meinTag, {
          storageState,
          measureScripts: false,
          profile: PHONE_PROFILE,
          offline: { keptPaths: MEIN_TAG_KEPT },
        }),
      );
    }
    const ms = (loads: Load[]) => loads.map((load) => Math.round(load.ms));
    const ratios = (a: Load[], b: Load[]) => a.map((load, i) => Math.round((load.ms / b[i]!.ms) * 100) / 100);
    const wire = cold
      .meinTag!.filter((load) => !Number.isNaN(load.jsWireBytes))
      .map((l) => kB(l.jsWireBytes));
    // Until the Termine showed: Mein Tag's light page; the full app loads behind it afterwards.
    const firstScreen = cold
      .meinTag!.filter((load) => !Number.isNaN(load.jsWireBytesVisible))
      .map((l) => kB(l.jsWireBytesVisible));
    const gzip = cold
      .meinTag!.filter((load) => !Number.isNaN(load.jsGzipBytes))
      .map((l) => kB(l.jsGzipBytes));
    const figures: BenchFigure[] = [
      figure('Telefon: Mein Tag, Termine sichtbar (kalt)', 'ms', ms(cold.meinTag!), { budget: '≤ 2500 ms' }),
      figure('Telefon: Kunden, erste Karte (kalt)', 'ms', ms(cold.kunden!), { budget: '≤ 3000 ms' }),
      figure('Telefon: Vorgangsseite (kalt)', 'ms', ms(cold.vorgang!), { budget: '≤ 3000 ms' }),
      figure('Telefon-Netz und -CPU: Kartenansicht, erste Karte (kalt, 1280 px)', 'ms', ms(cold.kanban!), {
        budget: '≤ 3000 ms',
      }),
      figure('Telefon: Mein Tag (warm, Service Worker)', 'ms', ms(warm.meinTag!), { budget: '≤ 1200 ms' }),
      figure(
        'Telefon: Mein Tag offline gestartet (Service Worker, Offline-Kopie)',
        'ms',
        ms(offlineMeinTag),
        {
          budget: '≤ 1200 ms',
        },
      ),
      figure('Telefon: Kunden (warm, Service Worker)', 'ms', ms(warm.kunden!), { budget: '≤ 2000 ms' }),
      figure('Telefon: Vorgangsseite (warm, Service Worker)', 'ms', ms(warm.vorgang!), {
        budget: '≤ 2000 ms',
      }),
      figure('Telefon-Netz und -CPU: Kartenansicht (warm, Service Worker, 1280 px)', 'ms', ms(warm.kanban!), {
        budget: '≤ 2000 ms',
      }),
      figure('Telefon: JavaScript Mein Tag bis Termine sichtbar (kalt, auf der Leitung)', 'kB', firstScreen, {
        budget: '≤ 250 kB',
      }),
      figure('Telefon: JavaScript Mein Tag mit der App dahinter (kalt, auf der Leitung)', 'kB', wire, {
        note: 'die leichte Seite, danach react-admin, MUI und der Rahmen für den nächsten Schritt',
      }),
      figure('Telefon: JavaScript Mein Tag (kalt, gzip)', 'kB', gzip),
    ];
    if (atomic) {
      figures.push(
        figure('Telefon: Atomic CRM erste Kontaktzeile (kalt)', 'ms', ms(cold.contacts!)),
        figure('Telefon-Netz und -CPU: Atomic CRM erste Deal-Karte (kalt, 1280 px)', 'ms', ms(cold.deals!)),
        figure('Telefon: Atomic CRM Kontakte (warm)', 'ms', ms(warm.contacts!), {
          note: 'der Demo-Build hat keinen Service Worker: zweiter Besuch mit HTTP-Cache',
        }),
        figure('Telefon-Netz und -CPU: Atomic CRM Deals (warm, 1280 px)', 'ms', ms(warm.deals!)),
        figure('Telefon: Kunden / Atomic Kontakte (kalt)', 'x', ratios(cold.kunden!, cold.contacts!), {
          budget: '≤ 0.35×',
        }),
        figure(
          'Telefon: Vorgangsseite / Atomic Kontakte (kalt)',
          'x',
          ratios(cold.vorgang!, cold.contacts!),
          {
            budget: '≤ 0.35×',
          },
        ),
        figure(
          'Telefon-Netz und -CPU: Kartenansicht / Atomic Deals (kalt, 1280 px)',
          'x',
          ratios(cold.kanban!, cold.deals!),
          {
            budget: '≤ 0.35×',
          },
        ),
      );
    }
    return figures;
  } finally {
    await browser.close();
    await atomic?.close();
  }
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  printFigures(
    await runPhoneLoads({
      baseUrl: args[0] && !args[0].startsWith('--') ? args[0] : 'http://localhost:3000',
      atomicCrmDist: option('--atomic') ?? process.env.ATOMIC_CRM_DIST,
      runs: Number(option('--runs') ?? 3),
    }),
  );
}
