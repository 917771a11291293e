// Lighthouse (npm `lighthouse`, its default mobile profile: Moto G Power screen, simulated slow 4G and 4× CPU
// slowdown) on Debian's Chromium for the sign-in page and the signed-in dashboard. Budget: performance ≥ 0.9.
// The dashboard needs a session: Chromium runs with a profile of its own and a DevTools port, the sign-in goes
// through the real MSAL redirect (its tokens stay in the profile's localStorage), and Lighthouse then runs in
// that browser without its storage reset (which would sign out), after the HTTP cache was emptied by hand so
// every run is still a cold load. /login runs first, before the sign-in, with Lighthouse's normal storage reset.
// Usage: start the product, then `npx tsx bench/lighthouse.ts [http://localhost:3000]` (LIGHTHOUSE_RUNS,
// default 3); inside `npm run bench`: runLighthouse(baseUrl, runs).
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import type { BenchFigure } from './figures';
import { loadLighthouse } from './lighthouseOnDemand';
import { summarise } from './figures';
import { isMain, printFigures } from './printFigures';

const SCORE_BUDGET = 0.9;

/** A free TCP port for Chromium's DevTools. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Signs `username` in through the login button and the development provider's page, in `context`. */
async function signIn(context: BrowserContext, baseUrl: string, username: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/crm/dashboard`);
  await page.waitForURL(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByRole('button', { name: new RegExp(`\\(${username.replace('.', '\\.')}\\)`) }).click();
  await page.waitForURL(`${baseUrl}/crm/dashboard`);
  await page.close();
}

interface Audit {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
}

// The desk's screen under the mobile profile's throttling (slow 4G, 4× CPU): the dashboard with its Kennzahlen,
// not Mein Tag, which the phone's width (412 px) gets.
const DESK_SCREEN = {
  formFactor: 'desktop',
  screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
} as const;

/** Lighthouse's trace recording fails now and then on a busy machine (NO_NAVSTART): such a run is made again. */
async function audit(...args: Parameters<typeof auditOnce>): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(...args);
    } catch (error) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT/.test(String(error))) throw error;
    }
  }
}

async function auditOnce(
  url: string,
  port: number,
  keepStorage: boolean,
  screen: Partial<typeof DESK_SCREEN> = {},
): Promise<Audit> {
  const lighthouse = await loadLighthouse();
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
    ...screen,
  });
  if (!result) throw new Error(`Lighthouse lieferte kein Ergebnis für ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (keepStorage && !lhr.finalDisplayedUrl.includes('/crm/'))
    throw new Error(`Die Anmeldung ging verloren: Lighthouse landete auf ${lhr.finalDisplayedUrl}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: lhr.categories.performance?.score ?? 0,
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    tbtMs: value('total-blocking-time'),
  };
}

function figureOf(name: string, audits: Audit[], budget = SCORE_BUDGET): BenchFigure {
  const score = summarise(audits.map((a) => a.score));
  const median = (pick: (a: Audit) => number) => summarise(audits.map(pick)).median.toFixed(0);
  return {
    name: `Lighthouse mobil ${name}: Performance`,
    unit: 'score',
    ...score,
    budget: `≥ ${budget.toLocaleString('de-DE')}`,
    verdict: score.median >= budget ? 'ok' : 'over',
    note: `Mediane: LCP ${median((a) => a.lcpMs)} ms, FCP ${median((a) => a.fcpMs)} ms, TBT ${median((a) => a.tbtMs)} ms (simuliert)`,
  };
}

/** Lighthouse's mobile performance score of /login and of the signed-in dashboard, `runs` times each. */
export async function runLighthouse(baseUrl: string, runs = 3): Promise<BenchFigure[]> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'bench-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', `--remote-debugging-port=${port}`],
  });
  try {
    // /login first, before anyone signs in: with a session in the profile the sign-in page forwards to the
    // dashboard, and Lighthouse measured that instead (score 0,17, 19 s of main-thread work).
    const login: Audit[] = [];
    for (let run = 0; run < runs; run++) login.push(await audit(`${baseUrl}/login`, port, false));
    await signIn(context, baseUrl, 'victor.verkauf');
    const cdp = await context.newCDPSession(context.pages()[0] ?? (await context.newPage()));
    const dashboard: Audit[] = [];
    for (let run = 0; run < runs; run++) {
      await cdp.send('Network.clearBrowserCache');
      dashboard.push(await audit(`${baseUrl}/crm/dashboard`, port, true));
    }
    return [figureOf('/login', login), figureOf('/crm/dashboard (angemeldet)', dashboard)];
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/**
 * The phone's figures: Mein Tag (/crm/dashboard at the mobile profile's 412 px) and the dashboard at the desk's
 * width under the same throttling, `runs` times each, signed in as in runLighthouse.
 */
export async function runPhoneLighthouse(baseUrl: string, runs = 3): Promise<BenchFigure[]> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'bench-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', `--remote-debugging-port=${port}`],
  });
  try {
    await signIn(context, baseUrl, 'victor.verkauf');
    const cdp = await context.newCDPSession(context.pages()[0] ?? (await context.newPage()));
    // Cold: no HTTP cache and no service worker with its files (the sign-in's tokens stay in localStorage).
    const coldStart = async () => {
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(baseUrl).origin,
        storageTypes: 'service_workers,cache_storage',
      });
    };
    const myDay: Audit[] = [];
    const desk: Audit[] = [];
    for (let run = 0; run < runs; run++) {
      await coldStart();
      myDay.push(await audit(`${baseUrl}/crm/dashboard`, port, true));
      await coldStart();
      desk.push(await audit(`${baseUrl}/crm/dashboard`, port, true, DESK_SCREEN));
    }
    return [
      figureOf('Mein Tag (/crm/dashboard, 412 px)', myDay),
      figureOf('/crm/dashboard (1350 px, gleiche Drosselung)', desk, 0.75),
    ];
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url))
  printFigures(
    await runLighthouse(process.argv[2] ?? 'http://localhost:3000', Number(process.env.LIGHTHOUSE_RUNS ?? 3)),
  );
