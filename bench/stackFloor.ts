// The floor of our stack beside Atomic CRM: how fast can the least app on our libraries draw 25 customers? The
// issue asks for first screens in ≤ 0.5× Atomic CRM's time and, where react-admin and MUI make that impossible,
// for what was measured. Minimal builds (bench/stackFloor/: react-admin with its MUI layout and DataTable, the same
// after MSAL's start, and ra-core with a plain table) and Atomic CRM's contacts, cold, in one Chromium, in turns,
// with the profiles of bench/firstScreens.ts. Run by hand (nothing here needs our server or a data set):
//   npx tsx bench/stackFloor.ts [--runs 5] [--profile desk|office|phone|phoneWarm] [--rebuild] [--atomic <dist>]
// ATOMIC_CRM_DIST (default /work/atomic-crm/dist) is Atomic CRM's demo build (bench/README.md); the floor's build
// goes to .bench-data/stackFloor/dist and is made when missing or with --rebuild.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../tests/support/chromium';
import { atomicCrmVersion, serveAtomicCrm } from './atomicCrmServer';
import { coldLoad, figure, kB, type Load, type LoadProfile } from './coldLoads';
import type { BenchFigure } from './figures';
import { ATOMIC_CONTACT_ROW, budgetOf, LOCALHOST, OFFICE, PHONE } from './firstScreens';
import { isMain, printFigures } from './printFigures';

const fromRoot = (file: string) => fileURLToPath(new URL(`../${file}`, import.meta.url));
export const STACK_FLOOR_DIST = fromRoot('.bench-data/stackFloor/dist');
const FLOOR_PAGES = ['mui.html', 'msal.html', 'plain.html', 'kunden.json'];

/** The profiles of bench/firstScreens.ts, by the CLI's names; the figure names use firstScreens' labels. */
const PROFILES = {
  desk: { label: 'Schreibtisch, localhost', profile: LOCALHOST },
  office: { label: 'Schreibtisch, Büroleitung', profile: OFFICE },
  phone: { label: 'Telefon kalt', profile: PHONE },
  // A second visit in the same context: the HTTP cache holds the code (the floor has no service worker).
  phoneWarm: { label: 'Telefon warm', profile: PHONE, warm: true },
} satisfies Record<string, { label: string; profile: LoadProfile; warm?: boolean }>;
export type ProfileName = keyof typeof PROFILES;

/** What is loaded: its name in the figures, where, and what counts as its data drawn (never a loading state). */
interface Target {
  name: string;
  url: string;
  drawn: string;
}

/** Builds the floor's variants with their own Vite config, unless a build is there and `rebuild` is false. */
export function buildStackFloor(rebuild: boolean): void {
  if (!rebuild && FLOOR_PAGES.every((file) => existsSync(`${STACK_FLOOR_DIST}/${file}`))) return;
  execFileSync(
    process.execPath,
    [
      fromRoot('node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      fromRoot('bench/stackFloor/vite.config.ts'),
    ],
    { cwd: fromRoot('.'), stdio: 'inherit' },
  );
}

export type StackFloorOptions = {
  atomicCrmDist: string;
  runs: number;
  profiles: readonly ProfileName[];
  rebuild?: boolean;
  /**
   * The MUI floor's port; the plain one takes the next, the one with MSAL the one after. Atomic CRM's is
   * ATOMIC_CRM_PORT (4323).
   */
  port?: number;
};

/**
 * Cold loads of both floor variants and Atomic CRM's contacts per profile: times, the ratios floor ÷ Atomic CRM
 * (pairwise per run, so that the machine's load hits all three alike) and each one's JavaScript.
 */
export async function runStackFloor(options: StackFloorOptions): Promise<BenchFigure[]> {
  const { runs, port = Number(process.env.STACK_FLOOR_PORT ?? 4324) } = options;
  buildStackFloor(options.rebuild ?? false);
  // Each variant on its own origin, so both answer /kunden with their page as a real host would.
  const mui = await serveAtomicCrm(STACK_FLOOR_DIST, port, 'mui.html');
  const plain = await serveAtomicCrm(STACK_FLOOR_DIST, port + 1, 'plain.html');
  const withMsal = await serveAtomicCrm(STACK_FLOOR_DIST, port + 2, 'msal.html');
  const atomic = await serveAtomicCrm(options.atomicCrmDist);
  const browser = await launchChromium();
  try {
    const targets: Target[] = [
      // react-admin's skeleton rows lack the RaDataTable-row class; the header row is in thead.
      { name: 'Boden MUI', url: `${mui.url}/kunden`, drawn: 'tbody tr.RaDataTable-row' },
      // While loading the plain variant draws a line of text; only its data rows carry data-id.
      { name: 'Boden ohne MUI', url: `${plain.url}/kunden`, drawn: 'tbody tr[data-id]' },
      { name: 'Boden MUI mit MSAL', url: `${withMsal.url}/kunden`, drawn: 'tbody tr.RaDataTable-row' },
      { name: 'Atomic CRM', url: `${atomic.url}/#/contacts`, drawn: ATOMIC_CONTACT_ROW },
    ];
    const [floorMui, floorPlain, floorMsal, atomicCrm] = targets as [Target, Target, Target, Target];
    const figures: BenchFigure[] = [];
    // The JavaScript is the same on every profile (the builds do not change): measured once, in the first load.
    const scripts = new Map<Target, Load>();
    for (const profileName of options.profiles) {
      const chosen: { label: string; profile: LoadProfile; warm?: boolean } = PROFILES[profileName];
      const { label, profile, warm = false } = chosen;
      const loads = new Map<Target, Load[]>(targets.map((target) => [target, []]));
      for (let run = 0; run < runs; run++) {
        // In turns: each run starts one further along, so none is always first on a cold machine.
        const order = targets.map((_, i) => targets[(i + run) % targets.length]!);
        for (const target of order) {
          const measureScripts = !scripts.has(target);
          const load = await coldLoad(browser, target.url, target.drawn, { measureScripts, profile, warm });
          if (measureScripts) scripts.set(target, load);
          loads.get(target)!.push(load);
        }
      }
      const ms = (target: Target) => loads.get(target)!.map((load) => Math.round(load.ms));
      const ratio = (a: Target, b: Target) =>
        loads.get(a)!.map((load, i) => Math.round((load.ms / loads.get(b)![i]!.ms) * 100) / 100);
      const budget = budgetOf(label);
      const floors = [floorMui, floorPlain, floorMsal];
      figures.push(
        ...floors.map((floor) => figure(`${floor.name}: erste Zeile (${label})`, 'ms', ms(floor))),
        figure(`${atomicCrm.name}: erste Kontaktzeile (${label})`, 'ms', ms(atomicCrm)),
        ...floors.map((floor) =>
          figure(
            `${floor.name} / Atomic CRM (${label})`,
            'x',
            ratio(floor, atomicCrm),
            budget ? { budget } : {},
          ),
        ),
        figure(`${floorMui.name} / ${floorPlain.name} (${label})`, 'x', ratio(floorMui, floorPlain), {
          note: 'was MUI, emotion und react-admins Oberfläche kosten',
        }),
        figure(`${floorMsal.name} / ${floorMui.name} (${label})`, 'x', ratio(floorMsal, floorMui), {
          note: 'was MSALs Code und Start vor dem ersten Zeichnen kosten',
        }),
      );
    }
    for (const [target, load] of scripts)
      figures.push(
        figure(`${target.name}: JavaScript (Übertragung)`, 'kB', [kB(load.jsWireBytes)], {
          note: `bis die Daten standen ${kB(load.jsWireBytesVisible).toLocaleString('de-DE')} kB`,
        }),
        figure(`${target.name}: JavaScript (gzip)`, 'kB', [kB(load.jsGzipBytes)]),
      );
    return figures;
  } finally {
    await browser.close();
    await Promise.all([mui.close(), plain.close(), withMsal.close(), atomic.close()]);
  }
}

// CLI: the figures, the machine's load before and after (figures on a busy machine are a smoke test only).
if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const chosen = option('--profile');
  if (chosen !== undefined && !(chosen in PROFILES))
    throw new Error(`--profile ${chosen}: desk, office, phone oder phoneWarm.`);
  const atomicCrmDist = option('--atomic') ?? process.env.ATOMIC_CRM_DIST ?? '/work/atomic-crm/dist';
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  console.log(`Atomic CRM: ${atomicCrmDist} (${atomicCrmVersion(atomicCrmDist)}); Last vorher ${load()}`);
  printFigures(
    await runStackFloor({
      atomicCrmDist,
      runs: Number(option('--runs') ?? 5),
      profiles: chosen ? [chosen as ProfileName] : ['desk', 'office', 'phone', 'phoneWarm'],
      rebuild: args.includes('--rebuild'),
    }),
  );
  console.log(`Last nachher ${load()}`);
}
