// Every first screen beside its Atomic CRM counterpart, in one Chromium, ours and theirs alternated, medians of
// `runs`: on the desk at 1440 × 900 on localhost (no emulation) and on an office line (40 ms, 20 Mbit/s), and on
// the phone profile (150 ms, 1.6 Mbit/s, CPU 4× slower) cold and warm. The figure of a screen is the time to its
// first drawn data (bench/coldLoads.ts, `coldLoad`); the ratio is ours ÷ Atomic's, pairwise per run, so that the
// machine's load hits both. `npm run bench` writes the section and adds one line per screen and profile to the
// history below it (docs/performance.md keeps it); on its own:
//   ATOMIC_CRM_DIST=/work/atomic-crm/dist npx tsx bench/firstScreens.ts http://localhost:3000 [--runs 5]
//     [--screen "Mein Tag"] (only these screens; repeatable; `BENCH_SCREENS=Kunden,Mein Tag` in bench/run.ts)
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../tests/support/chromium';
import { DESKTOP, openSignedIn } from '../tests/support/browserSession';
import { serveAtomicCrm } from './atomicCrmServer';
import { coldLoad, figure, type Load, type LoadProfile } from './coldLoads';
import type { BenchFigure } from './figures';

/** A screen of ours and of Atomic CRM: where it is and what counts as its data drawn. */
interface Screen {
  name: string;
  ours: { path: string; drawn: string };
  theirs: { path: string; drawn: string; note?: string };
  /** Measured on the phone profile, at this width; with the issue's absolute budgets of our time if it names them. */
  phone?: { viewport: 'phone' | 'desk'; coldMs?: number; warmMs?: number };
  /** A phone's screen only (Mein Tag: the desk's same address is the dashboard): not measured on the desk. */
  phoneOnly?: boolean;
}

const DESK_WIDE = { width: 1440, height: 900 };
const PHONE_VIEWPORT = { width: 390, height: 844 };
export const LOCALHOST: LoadProfile = {
  network: { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
  cpuSlowdown: 1,
  viewport: DESK_WIDE,
};
export const OFFICE: LoadProfile = {
  network: { offline: false, latency: 40, downloadThroughput: 2_500_000, uploadThroughput: 2_500_000 },
  cpuSlowdown: 1,
  viewport: DESK_WIDE,
};
export const PHONE: LoadProfile = {
  network: { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 200_000 },
  cpuSlowdown: 4,
  viewport: PHONE_VIEWPORT,
};

// Rendered data only, never a loading state. Atomic CRM (hash router): its contact rows and the dashboard's hot
// contacts link to a contact; a deal card is a drag-and-drop item; a contact's and a deal's page name it.
export const ATOMIC_CONTACT_ROW = 'a[href^="#/contacts/"][href$="/show"]';
// Atomic CRM's mobile dashboard (below 768 px) is its latest activity: each entry links its contact, company or deal.
const ATOMIC_ACTIVITY_ENTRY = ['contacts', 'companies', 'deals']
  .map((kind) => `a[href^="#/${kind}/"][href$="/show"]`)
  .join(', ');

function screens(customerId: number, vorgangId: number): Screen[] {
  return [
    {
      name: 'Kunden',
      ours: {
        path: '/crm/kunden',
        drawn: 'tbody tr.RaDataTable-row, a.MuiCardActionArea-root[href^="/crm/kunden/"]',
      },
      theirs: { path: '#/contacts', drawn: ATOMIC_CONTACT_ROW },
      phone: { viewport: 'phone' },
    },
    {
      name: 'Vorgänge',
      ours: {
        path: '/crm/vorgang',
        drawn: 'tbody tr a[href^="/crm/vorgang/"], a.MuiCardActionArea-root[href^="/crm/vorgang/"]',
      },
      theirs: { path: '#/contacts', drawn: ATOMIC_CONTACT_ROW, note: 'Atomic CRM hat keine Deal-Liste' },
    },
    {
      name: 'Kartenansicht',
      ours: { path: '/crm/vorgang/kartenansicht', drawn: '[data-card-id]' },
      theirs: { path: '#/deals', drawn: '[data-rfd-draggable-id]' },
      // Atomic CRM has no deals board on a phone: both at the desk's width with the phone's network and CPU.
      phone: { viewport: 'desk' },
    },
    {
      name: 'Dashboard',
      ours: { path: '/crm/dashboard', drawn: 'a.MuiCardActionArea-root[href^="/crm/vorgang"]' },
      theirs: { path: '#/', drawn: ATOMIC_CONTACT_ROW },
    },
    {
      // The phone's landing (/crm/dashboard below 600 px): its Termine, the first card or the line that there is
      // none today (bench/phoneLoads.ts); against Atomic CRM's mobile dashboard at the same width.
      name: 'Mein Tag',
      ours: { path: '/crm/dashboard', drawn: 'section[aria-label="Termine heute"] :is(li, p)' },
      theirs: { path: '#/', drawn: ATOMIC_ACTIVITY_ENTRY },
      phone: { viewport: 'phone', coldMs: 2500, warmMs: 1000 },
      phoneOnly: true,
    },
    {
      name: 'Kundenseite',
      ours: { path: `/crm/kunden/${customerId}/show`, drawn: '[aria-label="Bereiche des Kunden"]' },
      theirs: { path: '#/contacts/1/show', drawn: 'h5.text-xl, h2.text-2xl.font-bold' },
      phone: { viewport: 'phone' },
    },
    {
      name: 'Vorgangsseite',
      ours: { path: `/crm/vorgang/${vorgangId}`, drawn: '[aria-label="Bereiche des Vorgangs"]' },
      theirs: { path: '#/deals/1/show', drawn: 'h2.text-2xl.font-semibold' },
      phone: { viewport: 'desk' },
    },
  ];
}

/** A customer and a Vorgang of the data set (the first of the seller's lists). */
async function someRecords(
  browser: Browser,
  baseUrl: string,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<{ customerId: number; vorgangId: number }> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'de-AT', storageState });
  try {
    const page = await context.newPage();
    const first = async (path: string, link: string, pattern: RegExp) => {
      await page.goto(`${baseUrl}${path}`);
      const href = await page.locator(link).first().getAttribute('href', { timeout: 120_000 });
      return Number(pattern.exec(href ?? '')?.[1]);
    };
    const vorgangId = await first('/crm/vorgang', 'tbody tr a[href^="/crm/vorgang/"]', /vorgang\/(\d+)/);
    const customerId = await first('/crm/vorgang', 'tbody tr a[href^="/crm/kunden/"]', /kunden\/(\d+)/);
    return { customerId, vorgangId };
  } finally {
    await context.close();
  }
}

export type FirstScreensOptions = {
  baseUrl: string;
  atomicCrmDist?: string;
  runs: number;
  /** Only the screens of these names (all when absent or empty). */
  only?: readonly string[];
};

/** One line of the history: a screen on a profile, ours, Atomic CRM's and the ratio (medians). */
export interface HistoryLine {
  profile: string;
  screen: string;
  oursMs: number;
  theirsMs: number;
  ratio: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN;
};

/**
 * Cold (and on the phone warm) loads of every first screen beside Atomic CRM's, with the ratios; the figures for
 * docs/performance.md and the lines for its history.
 */
export async function runFirstScreens(
  options: FirstScreensOptions,
): Promise<{ figures: BenchFigure[]; history: HistoryLine[] }> {
  const { baseUrl, runs } = options;
  if (!options.atomicCrmDist) throw new Error('ATOMIC_CRM_DIST fehlt: ohne Atomic CRM kein Vergleich.');
  const browser = await launchChromium();
  const atomic = await serveAtomicCrm(options.atomicCrmDist);
  try {
    const signedIn = await openSignedIn(browser, baseUrl, 'victor.verkauf', '/crm/dashboard', undefined, {
      fresh: true,
    });
    await signedIn.waitForLoadState('networkidle');
    const storageState = await signedIn.context().storageState();
    await signedIn.context().close();
    const { customerId, vorgangId } = await someRecords(browser, baseUrl, storageState);
    const figures: BenchFigure[] = [];
    const history: HistoryLine[] = [];
    const measure = async (
      profileName: string,
      profile: (screen: Screen) => LoadProfile | null,
      warm: boolean,
    ) => {
      for (const screen of screens(customerId, vorgangId)) {
        if (options.only?.length && !options.only.includes(screen.name)) continue;
        const chosen = profile(screen);
        if (!chosen) continue;
        const ours: Load[] = [];
        const theirs: Load[] = [];
        for (let run = 0; run < runs; run++) {
          const loadOurs = () =>
            coldLoad(browser, `${baseUrl}${screen.ours.path}`, screen.ours.drawn, {
              storageState,
              measureScripts: false,
              profile: chosen,
              warm,
            });
          const loadTheirs = () =>
            coldLoad(browser, `${atomic.url}/${screen.theirs.path}`, screen.theirs.drawn, {
              measureScripts: false,
              profile: chosen,
              warm,
            });
          // Alternated, and each pair in turns: ours first in even runs, theirs first in odd ones.
          if (run % 2 === 0) {
            ours.push(await loadOurs());
            theirs.push(await loadTheirs());
          } else {
            theirs.push(await loadTheirs());
            ours.push(await loadOurs());
          }
        }
        const ms = (loads: Load[]) => loads.map((load) => Math.round(load.ms));
        const ratios = ours.map((load, i) => Math.round((load.ms / theirs[i]!.ms) * 100) / 100);
        const label = `${screen.name} (${profileName})`;
        const note = screen.theirs.note;
        const msBudget =
          profileName === 'Telefon kalt'
            ? screen.phone?.coldMs
            : profileName === 'Telefon warm'
              ? screen.phone?.warmMs
              : undefined;
        figures.push(
          figure(`${label}`, 'ms', ms(ours), msBudget ? { budget: `≤ ${msBudget} ms` } : {}),
          figure(`Atomic CRM zu ${label}`, 'ms', ms(theirs), note ? { note } : {}),
          figure(`${label} / Atomic CRM`, 'x', ratios, { budget: budgetOf(profileName) }),
        );
        history.push({
          profile: profileName,
          screen: screen.name,
          oursMs: median(ms(ours)),
          theirsMs: median(ms(theirs)),
          ratio: median(ratios),
        });
      }
    };
    const phoneProfile = (screen: Screen): LoadProfile | null =>
      screen.phone
        ? { ...PHONE, viewport: screen.phone.viewport === 'phone' ? PHONE_VIEWPORT : DESK_WIDE }
        : null;
    const desk = (deskProfile: LoadProfile) => (screen: Screen) => (screen.phoneOnly ? null : deskProfile);
    await measure('Schreibtisch, localhost', desk(LOCALHOST), false);
    await measure('Schreibtisch, Büroleitung', desk(OFFICE), false);
    await measure('Telefon kalt', phoneProfile, false);
    await measure('Telefon warm', phoneProfile, true);
    return { figures, history };
  } finally {
    await browser.close();
    await atomic.close();
  }
}

/** The issue's targets: ≤ 0.5× on the desk, ≤ 0.45× cold on the phone; warm is held to its absolute time. */
export function budgetOf(profile: string): string | undefined {
  if (profile.startsWith('Schreibtisch')) return '≤ 0.5×';
  if (profile === 'Telefon kalt') return '≤ 0.45×';
  return undefined;
}

// CLI: prints the figures and the history lines.
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const only = args.flatMap((arg, i) => (args[i - 1] === '--screen' ? [arg] : []));
  const { figures } = await runFirstScreens({
    baseUrl: args[0] && !args[0].startsWith('--') ? args[0] : 'http://localhost:3000',
    atomicCrmDist: option('--atomic') ?? process.env.ATOMIC_CRM_DIST,
    runs: Number(option('--runs') ?? 5),
    only,
  });
  for (const f of figures)
    console.log(
      `${f.name.padEnd(64)} ${String(f.median).padStart(8)} ${f.unit.padEnd(2)} (${f.min}–${f.max}, n=${f.runs})` +
        `${f.budget ? `  Budget ${f.budget}: ${f.verdict}` : ''}${f.note ? `  ${f.note}` : ''}`,
    );
}
