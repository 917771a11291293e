// `npm run bench`: every benchmark of bench/ against a freshly started server on the 100,000-customer data set
// (built once into .bench-data/ and reused), written to docs/performance.md. See bench/README.md.
// Environment: BENCH_DATA_DIR (a seeded data folder to use instead), BENCH_CUSTOMERS (default 100000),
// BENCH_PORT / BENCH_PG_PORT (default 4310 / 55310), BENCH_RUNS (cold
// loads, default 7), LIGHTHOUSE_RUNS (default 3), ATOMIC_CRM_DIST (a build of Atomic CRM's demo, for the side-by-side figures).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { atomicCrmVersion } from './atomicCrmServer';
import { ensureBuild, ensureDataSet, startBenchServer, type BenchServerOptions } from './benchServer';
import { runColdLoads } from './coldLoads';
import { runExportVsBare } from './exportVsBare';
import type { BenchFigure } from './figures';
import { runFirstPageJavaScript } from './firstPageJavaScript';
import { runFirstScreens, type HistoryLine } from './firstScreens';
import { appendFirstScreensHistory } from './firstScreensHistory';
import { runLighthouse, runPhoneLighthouse } from './lighthouse';
import { runListApi } from './listApi';
import { runPhoneLoads } from './phoneLoads';
import { SECTION } from './overBudget';
import { figureLine } from './printFigures';
import { runCli, type CliRun } from './runCli';
import {
  PART_STAMP,
  replaceReportSection,
  writePerformanceReport,
  type ReportSection,
} from './performanceReport';

const root = path.resolve(import.meta.dirname, '..');
const env = process.env;
const port = Number(env.BENCH_PORT ?? 4310);
const pgPort = Number(env.BENCH_PG_PORT ?? 55310);
const main: BenchServerOptions = {
  dataDir: path.resolve(root, env.BENCH_DATA_DIR ?? '.bench-data/strussnig'),
  port,
  pgPort,
  customers: Number(env.BENCH_CUSTOMERS ?? 100_000),
  tenant: 'strussnig',
};
// The offer PDF of Rekord needs Rekord's company data: a small data set of that tenant. Its database runs only
// while the main one does not (before the server starts, after it stopped), so it takes the same ports.
const rekord: BenchServerOptions = {
  dataDir: path.resolve(root, '.bench-data/rekord'),
  port,
  pgPort,
  customers: 50,
  tenant: 'rekord',
};

const started = Date.now();
const loadBefore = loadavg();
const log = (line: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const sections: ReportSection[] = [];
const cliRuns: CliRun[] = [];
const firstScreensHistory: HistoryLine[] = [];

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim() !== '';

/** The stamp under a section one `BENCH_ONLY` run rewrote: when, which code, server, Atomic CRM and load. */
function partStamp(part: 'phone' | 'firstScreens'): string {
  const when = new Date(started).toISOString().slice(0, 16).replace('T', ' ');
  const against = env.BENCH_URL ? `Server ${env.BENCH_URL}` : `${main.customers} Kunden`;
  const atomic = env.ATOMIC_CRM_DIST ? `Atomic CRM ${atomicCrmVersion(env.ATOMIC_CRM_DIST)}, ` : '';
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(' / ');
  return (
    `${PART_STAMP} (BENCH_ONLY=${part}): ${when} UTC, ` +
    `Commit ${commit}${dirty ? ' (mit nicht eingecheckten Änderungen)' : ''}, ${against}, ${atomic}` +
    `Load Average vorher ${load(loadBefore)}, nachher ${load(loadavg())}._`
  );
}

/** Writes docs/performance.md with what is measured so far (after every bench, so a cut-off run leaves one). */
function writeReport(complete: boolean): Promise<string> {
  return writePerformanceReport(path.join(root, 'docs', 'performance.md'), {
    date: new Date(started),
    commit: `${commit}${dirty ? ' (mit nicht eingecheckten Änderungen)' : ''}`,
    cores: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unbekannt',
    loadBefore,
    loadAfter: loadavg(),
    seconds: (Date.now() - started) / 1000,
    customers: main.customers,
    atomicCrm:
      env.ATOMIC_CRM_DIST && existsSync(env.ATOMIC_CRM_DIST)
        ? `${env.ATOMIC_CRM_DIST} (${atomicCrmVersion(env.ATOMIC_CRM_DIST)})`
        : undefined,
    sections,
    cliRuns,
    complete,
  });
}

/** Runs one bench function; a failure is reported in its section, never ends the whole run. */
async function section(title: string, run: () => Promise<BenchFigure[]>) {
  log(title);
  const sectionStarted = Date.now();
  try {
    const figures = await run();
    for (const figure of figures) log(`  ${figureLine(figure)}`);
    sections.push({ title, figures, seconds: (Date.now() - sectionStarted) / 1000 });
  } catch (error) {
    log(`  FEHLER: ${(error as Error).message}`);
    sections.push({
      title,
      figures: [],
      seconds: (Date.now() - sectionStarted) / 1000,
      error: String(error),
    });
  }
  await writeReport(false);
}

// `BENCH_ONLY=phone`: only the phone profile (loads and Lighthouse), written into docs/performance.md in place of
// that section's earlier figures; against BENCH_URL (a running server with its data) when given.
if (env.BENCH_ONLY === 'phone') {
  const server = env.BENCH_URL
    ? undefined
    : (await ensureBuild(), await ensureDataSet(main), await startBenchServer(main));
  const baseUrl = env.BENCH_URL ?? server!.baseUrl;
  log(`Telefonprofil gegen ${baseUrl}`);
  try {
    const sectionStarted = Date.now();
    const figures = [
      ...(await runPhoneLoads({
        baseUrl,
        atomicCrmDist: env.ATOMIC_CRM_DIST,
        runs: Number(env.BENCH_RUNS ?? 3),
      })),
      ...(await runPhoneLighthouse(baseUrl, Number(env.LIGHTHOUSE_RUNS ?? 3))),
    ];
    for (const figure of figures) log(`  ${figureLine(figure)}`);
    const seconds = (Date.now() - sectionStarted) / 1000;
    const stamp = partStamp('phone');
    await replaceReportSection(
      path.join(root, 'docs', 'performance.md'),
      { title: SECTION.phone, figures, seconds },
      stamp,
    );
    log(`docs/performance.md: Abschnitt „${SECTION.phone}“ geschrieben (${(seconds / 60).toFixed(1)} min)`);
  } finally {
    await server?.stop();
  }
  process.exit(0);
}

// `BENCH_ONLY=firstScreens`: every first screen beside Atomic CRM (desk localhost and office, phone cold and warm),
// written into its section; one line per screen and profile added to the history below it.
if (env.BENCH_ONLY === 'firstScreens') {
  const server = env.BENCH_URL
    ? undefined
    : (await ensureBuild(), await ensureDataSet(main), await startBenchServer(main));
  const baseUrl = env.BENCH_URL ?? server!.baseUrl;
  log(`Erste Bildschirme gegen ${baseUrl}`);
  try {
    const sectionStarted = Date.now();
    const { figures, history } = await runFirstScreens({
      baseUrl,
      atomicCrmDist: env.ATOMIC_CRM_DIST,
      runs: Number(env.BENCH_RUNS ?? 5),
      only: env.BENCH_SCREENS?.split(',').map((name) => name.trim()),
    });
    for (const figure of figures) log(`  ${figureLine(figure)}`);
    const seconds = (Date.now() - sectionStarted) / 1000;
    const file = path.join(root, 'docs', 'performance.md');
    const stamp = partStamp('firstScreens');
    await replaceReportSection(file, { title: SECTION.firstScreens, figures, seconds }, stamp);
    await appendFirstScreensHistory(file, { date: new Date(started), commit, load: loadBefore[0]! }, history);
    log(`docs/performance.md: Abschnitt „${SECTION.firstScreens}“ und sein Verlauf geschrieben`);
  } finally {
    await server?.stop();
  }
  process.exit(0);
}

const built = ensureBuild();
built.catch(() => undefined); // awaited below, after the data sets
log(`Datensatz ${main.customers.toLocaleString('de-DE')} Kunden: ${await ensureDataSet(main)}`);
log(`Datensatz Rekord: ${await ensureDataSet(rekord)}`);
log(`Web-App: ${await built}`);
const server = await startBenchServer(main);
log(`Server läuft auf ${server.baseUrl} (Prozess ${server.pid})`);
const zone = 'Europe/Vienna';
try {
  const withServer = { ...server, zone };
  await section(SECTION.listApi, () => runListApi(withServer));
  await section(SECTION.exports, () => runExportVsBare(withServer));
  await section(SECTION.firstPageJavaScript, () => runFirstPageJavaScript(server.baseUrl));
  await section(SECTION.lighthouse, () => runLighthouse(server.baseUrl, Number(env.LIGHTHOUSE_RUNS ?? 3)));
  await section(SECTION.phone, async () => [
    ...(await runPhoneLoads({
      baseUrl: server.baseUrl,
      atomicCrmDist: env.ATOMIC_CRM_DIST,
      runs: Number(env.PHONE_RUNS ?? 3),
    })),
    ...(await runPhoneLighthouse(server.baseUrl, Number(env.LIGHTHOUSE_RUNS ?? 3))),
  ]);
  if (env.ATOMIC_CRM_DIST)
    await section(SECTION.firstScreens, async () => {
      const { figures, history } = await runFirstScreens({
        baseUrl: server.baseUrl,
        atomicCrmDist: env.ATOMIC_CRM_DIST,
        runs: Number(env.BENCH_RUNS ?? 5),
      });
      firstScreensHistory.push(...history);
      return figures;
    });
  await section(SECTION.coldLoads, () =>
    runColdLoads({
      baseUrl: server.baseUrl,
      atomicCrmDist: env.ATOMIC_CRM_DIST,
      runs: Number(env.BENCH_RUNS ?? 7),
    }),
  );
  // The benches not yet turned into functions run as their CLIs against the same database and server.
  // customerExport.ts is left out: its export (all customers) is exportVsBare's, timed there with the server's memory.
  const database = { DATABASE_URL: server.databaseUrl };
  for (const [file, args, extra] of [
    ['customerSearch.ts', [], database],
    ['vorgaengeList.ts', [], database],
    ['vorgangPage.ts', [], database],
    ['dashboard.ts', [], database],
    ['dashboardPlans.ts', [], database],
    ['kanban.ts', [], database],
    ['kanbanBoard.ts', [server.baseUrl], {}],
    ['outboxSend.ts', [server.baseUrl], {}],
    // Two more instances beside the bench server (a third): runs claimed once, notifications across instances.
    ['automation.ts', ['--wait', '90'], database],
    ['search.ts', [server.baseUrl], database],
    ['npsStatistics.ts', ['50000'], database],
    ['offerPdf.ts', [], { ...database, TENANT: 'strussnig' }],
  ] as const) {
    log(`bench/${file} ${args.join(' ')}`);
    cliRuns.push(await runCli(file, [...args], extra));
    log(`  ${cliRuns.at(-1)!.ok ? 'fertig' : 'FEHLER'} in ${cliRuns.at(-1)!.seconds.toFixed(0)} s`);
    await writeReport(false);
  }
} finally {
  await server.stop();
}
// Rekord's offer on Rekord's own (small) database: its company data, logo and colours.
log('bench/offerPdf.ts (Rekord)');
cliRuns.push(
  await runCli('offerPdf.ts', [], {
    DATA_DIR: rekord.dataDir,
    EMBEDDED_PG_PORT: String(rekord.pgPort),
    TENANT: 'rekord',
    DATABASE_URL: '',
  }),
);

// What recording the Änderungsverlauf costs, on a seeded database of its own (on the same port, now free).
log('bench/changeHistory.ts');
cliRuns.push(await runCli('changeHistory.ts', ['--port', String(pgPort)], {}));

const report = await writeReport(true);
if (firstScreensHistory.length)
  await appendFirstScreensHistory(
    report,
    { date: new Date(started), commit, load: loadBefore[0]! },
    firstScreensHistory,
  );
log(`${path.relative(root, report)} geschrieben (${((Date.now() - started) / 60_000).toFixed(1)} min)`);
