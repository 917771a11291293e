// Dashboard speed, two parts.
// 1. Queries: `DATA_DIR=… npm run seed -- --customers 100000`, then with the same DATA_DIR (or DATABASE_URL)
//    `npx tsx bench/dashboard.ts` — median and worst of 15 runs (after 3 warm-ups) of every query the dashboard,
//    Todos and Fällige Labels run, for the seller with the most Vorgänge and for his whole branch.
// 2. First paint: start the product, then `npx tsx bench/dashboard.ts http://localhost:3000` — signed in as
//    victor.verkauf, the time from navigation until the dashboard shows its Kennzahlen, against the time until
//    the Kunden list shows its first row (median of 5 each).
import { sql } from 'kysely';
import { activitiesPerWeek } from '../server/activities/activityChart';
import { dashboardFigures } from '../server/dashboard/dashboardFigures';
import { dashboardLists, revenueCurve } from '../server/dashboard/dashboardLists';
import { companyTodayInDb, dueItems, urgentCount } from '../server/dueItems/dueItemQueries';
import type { ViewerScope } from '../server/dueItems/viewerScope';
import { readConfig } from '../server/platform/config/env';
import { openDatabase, type Database } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';

const RUNS = 15;
const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

async function timeIt(name: string, run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const started = performance.now();
    await run();
    if (i >= 3) times.push(performance.now() - started);
  }
  console.log(
    `${name.padEnd(46)} Median ${median(times).toFixed(1).padStart(6)} ms  max ${Math.max(...times).toFixed(1)} ms`,
  );
}

async function queries() {
  const config = readConfig();
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
  const db: Database = openDatabase(config.databaseUrl ?? embedded!.url);
  try {
    const counts = (
      await sql<{ customers: number; vorgaenge: number; activities: number }>`
        SELECT (SELECT count(*) FROM customer)::int AS customers, (SELECT count(*) FROM vorgang)::int AS vorgaenge,
               (SELECT count(*) FROM activity)::int AS activities`.execute(db)
    ).rows[0]!;
    const seller = (
      await sql<{ id: number; branchId: number; n: number }>`
        SELECT u.id, u.branch_id AS "branchId", count(*)::int AS n FROM vorgang v JOIN app_user u ON u.id = v.seller_user_id
        WHERE u.branch_id IS NOT NULL GROUP BY u.id ORDER BY n DESC LIMIT 1`.execute(db)
    ).rows[0]!;
    console.log(
      `${counts.customers.toLocaleString('de-DE')} Kunden, ${counts.vorgaenge.toLocaleString('de-DE')} Vorgänge, ` +
        `${counts.activities.toLocaleString('de-DE')} Aktivitäten; Verkäufer mit ${seller.n.toLocaleString('de-DE')} Vorgängen`,
    );
    const zone = config.timeZone;
    const today = await companyTodayInDb(db, zone);
    const scopes: [string, ViewerScope][] = [
      ['Verkäufer', { userIds: [seller.id] }],
      ['Filiale', { branchIds: [seller.branchId] }],
    ];
    for (const [label, scope] of scopes) {
      const owner =
        'userIds' in scope
          ? { sellerId: seller.id, branchIds: [] }
          : { sellerId: null, branchIds: scope.branchIds };
      await timeIt(`${label}: Todos (todo/getTodos)`, () => dueItems(db, zone, scope, 'todos'));
      await timeIt(`${label}: Fällige Labels`, () => dueItems(db, zone, scope, 'labels'));
      await timeIt(`${label}: Menü-Zähler (todo/count)`, () => urgentCount(db, zone, scope));
      await timeIt(`${label}: Kennzahlen (dashboard/getFigures)`, () =>
        dashboardFigures(db, zone, scope, today, owner),
      );
      await timeIt(`${label}: Listen (dashboard/getLists)`, () => dashboardLists(db, zone, scope, today));
      await timeIt(`${label}: Umsatzkurve`, () => revenueCurve(db, scope, Number(today.slice(0, 4))));
      await timeIt(`${label}: Aktivitäten je Woche`, () => activitiesPerWeek(db, zone, scope, today, 12));
    }
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

async function firstPaint(baseUrl: string) {
  const { launchChromium } = await import('../tests/support/chromium');
  const { openSignedIn } = await import('../tests/support/browserSession');
  const browser = await launchChromium();
  try {
    const page = await openSignedIn(browser, baseUrl, 'victor.verkauf', '/crm/dashboard');
    const measure = async (path: string, ready: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < 6; i++) {
        await page.goto('about:blank');
        const started = performance.now();
        await page.goto(`${baseUrl}${path}`);
        await ready();
        if (i > 0) times.push(performance.now() - started);
      }
      return median(times);
    };
    const dashboard = await measure('/crm/dashboard', () =>
      page.getByText('Offene Angebote', { exact: true }).waitFor(),
    );
    const customers = await measure('/crm/kunden', () => page.locator('tbody tr').first().waitFor());
    console.log(`Dashboard bis Kennzahlen: Median ${dashboard.toFixed(0)} ms`);
    console.log(`Kundenliste bis erste Zeile: Median ${customers.toFixed(0)} ms`);
  } finally {
    await browser.close();
  }
}

const baseUrl = process.argv[2];
await (baseUrl ? firstPaint(baseUrl) : queries());
