// Strg+K at the server: p50/p95 of search/find's SQL (the handler's own function) on the seeded set
// for a name typed in the other word order, a phone number typed differently than stored, and a Belegnummer.
// Usage: seed once (`DATA_DIR=… EMBEDDED_PG_PORT=… npm run seed -- --customers 100000`), then with the same
// DATA_DIR/EMBEDDED_PG_PORT (or DATABASE_URL): `npx tsx bench/search.ts`.
// With a base URL (`npx tsx bench/search.ts http://localhost:4310`, a server over the same database) it also
// measures in Chromium, signed in as victor.verkauf: the last keystroke of a text → its hit drawn in the Strg+K
// dialog (target p95 ≤ 300 ms); each text once, so no answer comes from the browser's cache.
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/support/chromium';
import { readConfig } from '../server/platform/config/env';
import { openDatabase, type Database } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';
import { migrateToLatest } from '../server/platform/db/migrate';
import { findEverything } from '../server/search/searchQueries';
import type { BenchFigure } from './figures';
import { isMain, printFigures } from './printFigures';

const RUNS = 40;
const WARM_UPS = 3;
const SERVER_BUDGET_MS = 150;
const BROWSER_BUDGET_MS = 300;
const BROWSER_TEXTS = 12;

/** The p-th percentile (0–100) of samples, nearest rank. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** A figure whose median is the p50 and whose verdict is taken on the p95. */
export function percentileFigure(name: string, samples: number[], budgetMs: number): BenchFigure {
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);
  return {
    name,
    unit: 'ms',
    median: p50,
    min: Math.min(...samples),
    max: Math.max(...samples),
    runs: samples.length,
    budget: `p95 ≤ ${budgetMs} ms`,
    verdict: p95 <= budgetMs ? 'ok' : 'over',
    note: `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
  };
}

/** The texts people type, taken from the data: several of each kind so that no single lucky row decides. */
export async function searchCases(db: Database, count = 8): Promise<{ kind: string; texts: string[] }[]> {
  const { rows: names } = await sql<{ text: string }>`
    SELECT first_name || ' ' || last_name AS text FROM customer
    WHERE first_name IS NOT NULL AND company_name IS NULL ORDER BY id % 997, id LIMIT ${count}`.execute(db);
  // Stored "+43 4242 123456": typed "04242/123456" (national, another separator).
  const { rows: phones } = await sql<{ text: string }>`
    SELECT '0' || regexp_replace(substr(regexp_replace(phone, '\\s', '', 'g'), 4), '^(\\d{4})', '\\1/') AS text
    FROM customer WHERE phone LIKE '+43 %' ORDER BY id % 991, id LIMIT ${count}`.execute(db);
  // The first letters of a surname ("Mül"): hundreds of hits, all ranked by how the name holds them.
  const { rows: starts } = await sql<{ text: string }>`
    SELECT left(last_name, 3) AS text FROM customer
    WHERE length(last_name) >= 3 ORDER BY id % 991, id LIMIT ${count}`.execute(db);
  const { rows: belege } = await sql<{ text: string }>`
    SELECT beleg_number AS text FROM beleg ORDER BY id % 983, id LIMIT ${count}`.execute(db);
  return [
    { kind: 'Name (Vorname Nachname)', texts: names.map((row) => row.text) },
    { kind: 'Telefon anders geschrieben', texts: phones.map((row) => row.text) },
    { kind: 'Namensanfang (3 Buchstaben)', texts: starts.map((row) => row.text) },
    { kind: 'Belegnummer', texts: belege.map((row) => row.text) },
  ];
}

/** p50/p95 of the search's SQL per kind of text, each text run RUNS / texts times after warm-ups. */
export async function runSearch(db: Database): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const { kind, texts } of await searchCases(db)) {
    for (const text of texts) for (let i = 0; i < WARM_UPS; i++) await findEverything(db, text);
    const samples: number[] = [];
    let found = 0;
    for (let i = 0; i < RUNS; i++) {
      const text = texts[i % texts.length]!;
      const started = performance.now();
      const result = await findEverything(db, text);
      samples.push(performance.now() - started);
      if (result.customers.length + result.belege.length > 0) found++;
    }
    const figure = percentileFigure(`Strg+K Server: ${kind}`, samples, SERVER_BUDGET_MS);
    figures.push({ ...figure, note: `${figure.note}; gefunden in ${found}/${RUNS}, z. B. „${texts[0]}“` });
  }
  return figures;
}

/** Signs in through the development sign-in page (as the browser tests do) and lands on `path`. */
async function signedIn(page: Page, baseUrl: string, username: string, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByRole('button', { name: new RegExp(`\\(${username.replace('.', '\\.')}\\)`) }).click();
  await page.waitForURL(`${baseUrl}${path}`);
}

/**
 * In the page: the box gets the whole text as one input event (the last keystroke), then each animation frame
 * looks for an option holding `expected`; the time between is what the person waits (debounce, request,
 * rendering). The box is emptied first, so that no earlier result can count.
 */
async function keystrokeToResult(page: Page, text: string, expected: string): Promise<number> {
  // A string, not a function: tsx's compiled functions name themselves through a helper the page lacks.
  const script = `(async ({ text, expected }) => {
    const box = document.querySelector('input[role="combobox"][aria-label="Suchen"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    setValue.call(box, '');
    box.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    setValue.call(box, text);
    const started = performance.now();
    box.dispatchEvent(new Event('input', { bubbles: true }));
    return new Promise((resolve, reject) => {
      const look = () => {
        const options = [...document.querySelectorAll('[role="option"]')];
        if (options.some((option) => option.textContent.includes(expected))) resolve(performance.now() - started);
        else if (performance.now() > started + 10000) reject(new Error('„' + expected + '“ erschien nicht für „' + text + '“'));
        else requestAnimationFrame(look);
      };
      look();
    });
  })(${JSON.stringify({ text, expected })})`;
  return page.evaluate<number>(script);
}

/** p50/p95 keystroke → hit drawn in Chromium, per kind of text, on a server over the same database. */
export async function runSearchInBrowser(db: Database, baseUrl: string): Promise<BenchFigure[]> {
  const browser = await launchChromium();
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-AT' })
    ).newPage();
    await signedIn(page, baseUrl, 'victor.verkauf', '/crm/kunden');
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    await page.getByRole('combobox', { name: 'Suchen' }).waitFor();
    const figures: BenchFigure[] = [];
    for (const { kind, texts } of await searchCases(db, BROWSER_TEXTS + 1)) {
      const samples: number[] = [];
      for (const [index, text] of texts.entries()) {
        const result = await findEverything(db, text);
        const expected = result.customers[0]?.name ?? result.belege[0]?.belegNumber;
        if (!expected) continue;
        const time = await keystrokeToResult(page, text, expected);
        if (index > 0) samples.push(time); // the first warms the dialog's code and the connection
      }
      figures.push(percentileFigure(`Strg+K Browser: ${kind}`, samples, BROWSER_BUDGET_MS));
    }
    return figures;
  } finally {
    await browser.close();
  }
}

if (isMain(import.meta.url)) {
  const config = readConfig();
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
  const db = openDatabase(config.databaseUrl ?? embedded!.url, 10);
  try {
    await migrateToLatest(db);
    await sql`VACUUM (ANALYZE) customer, end_customer, vorgang, beleg`.execute(db);
    const sizes = await sql<{ c: number; v: number; b: number }>`
      SELECT (SELECT count(*) FROM customer)::int AS c, (SELECT count(*) FROM vorgang)::int AS v,
        (SELECT count(*) FROM beleg)::int AS b`.execute(db);
    const { c, v, b } = sizes.rows[0]!;
    console.log(
      `${c.toLocaleString('de-DE')} Kunden, ${v.toLocaleString('de-DE')} Vorgänge, ${b.toLocaleString('de-DE')} Belege`,
    );
    printFigures(await runSearch(db));
    const baseUrl = process.argv.slice(2).find((arg) => arg.startsWith('http'));
    if (baseUrl) printFigures(await runSearchInBrowser(db, baseUrl));
    // Other texts for the eye (e.g. broad ones: "a", "fenster", "12"): their time at the server.
    for (const text of process.argv.slice(2).filter((arg) => !arg.startsWith('http'))) {
      const started = performance.now();
      const result = await findEverything(db, text);
      console.log(
        `„${text}“: ${(performance.now() - started).toFixed(1)} ms`,
        JSON.stringify(result).length,
        'Zeichen',
      );
    }
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}
