// The size of the kept copy (offline reading) for each demo user who sells, at its fullest: the week ahead of
// dashboard/getMyOfflineKit plus 30 customers and 30 Vorgänge opened lately (the newest of each list, put into
// "Zuletzt geöffnet" as opening them would), filled by the app itself in Chromium. Reports the copy's own
// measure (the answers' JSON, what the bound counts) and what Chromium reports for IndexedDB on disk.
// Usage: npx tsx bench/keptCopySize.ts http://localhost:4130   (a running server with demo data)
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/support/chromium';

const SELLERS = ['victor.verkauf', 'lena.leitung', 'anna.admin'];
const PHONE = { width: 390, height: 844 };
const OPENED = 30;

async function signIn(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/crm/dashboard`);
  await page.waitForURL(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByRole('button', { name: new RegExp(`\\(${username.replace('.', '\\.')}\\)`) }).click();
  await page.waitForURL(`${baseUrl}/crm/dashboard`);
}

/** The newest customers and Vorgänge, as "Zuletzt geöffnet" of the signed-in account, and the fill mark dropped. */
async function openLately(page: Page, token: string): Promise<void> {
  await page.evaluate(
    async ({ token, opened }) => {
      const get = async (path: string) =>
        (
          (await (await fetch(`/api/${path}`, { headers: { Authorization: token } })).json()) as {
            result: { data: { id: number }[] };
          }
        ).result.data;
      const customers = await get(`kunde/allCustomers?page=1&perPage=${opened}`);
      const vorgaenge = await get(`vorgang/getAllVorgangs?page=1&perPage=${opened}`);
      const at = new Date().toISOString();
      const records = [
        ...customers.map((c) => ({ kind: 'kunde', id: c.id, title: `Kunde ${c.id}`, at })),
        ...vorgaenge.map((v) => ({ kind: 'vorgang', id: v.id, title: `Vorgang ${v.id}`, at })),
      ];
      // The account is in the name of the kept copy's database, which the first page's answers opened.
      const [database] = (await indexedDB.databases())
        .map((info) => info.name ?? '')
        .filter((name) => name.startsWith('fenster-crm-unterwegs.'));
      const account = database!.slice('fenster-crm-unterwegs.'.length);
      localStorage.setItem(`fenster-crm.geraet.zuletztGeoeffnet.${account}`, JSON.stringify(records));
      localStorage.removeItem(`fenster-crm.geraet.offlineKopieGefuellt.${account}`);
    },
    { token, opened: OPENED },
  );
}

async function keptFigures(page: Page) {
  return page.evaluate(async () => {
    const [name] = (await indexedDB.databases())
      .map((info) => info.name ?? '')
      .filter((db) => db.startsWith('fenster-crm-unterwegs.'));
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name!);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const records = await new Promise<{ record: string; bytes: number }[]>((resolve) => {
      const request = db.transaction('records').objectStore('records').getAll();
      request.onsuccess = () => resolve(request.result as { record: string; bytes: number }[]);
    });
    db.close();
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
      usageDetails?: { indexedDB?: number };
    };
    return {
      customers: records.filter((r) => r.record.startsWith('kunde:')).length,
      vorgaenge: records.filter((r) => r.record.startsWith('vorgang:')).length,
      keptBytes: records.reduce((sum, r) => sum + r.bytes, 0),
      indexedDbOnDisk: estimate.usageDetails?.indexedDB ?? null,
    };
  });
}

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const browser = await launchChromium();
const mb = (bytes: number | null) => (bytes === null ? '–' : `${(bytes / 1024 / 1024).toFixed(2)} MB`);
for (const username of SELLERS) {
  const context = await browser.newContext({ viewport: PHONE, locale: 'de-AT', serviceWorkers: 'block' });
  // tsx names the functions it compiles with a helper the page does not have.
  await context.addInitScript('window.__name = (f) => f');
  const page = await context.newPage();
  let token = '';
  page.on('request', (request) => {
    const authorization = request.headers().authorization;
    if (authorization?.startsWith('Bearer ')) token = authorization;
  });
  await signIn(page, baseUrl, username);
  await page.getByRole('heading', { name: 'Mein Tag' }).waitFor();
  await page.waitForFunction(async () =>
    (await indexedDB.databases()).some((info) => info.name?.startsWith('fenster-crm-unterwegs.')),
  );
  await openLately(page, token);
  const started = Date.now();
  await page.reload();
  await page.waitForFunction(
    () => Object.keys(localStorage).some((key) => key.startsWith('fenster-crm.geraet.offlineKopieGefuellt.')),
    undefined,
    { timeout: 300_000, polling: 500 },
  );
  const figures = await keptFigures(page);
  console.log(
    `${username}: ${figures.customers} Kunden, ${figures.vorgaenge} Vorgänge; kept ${mb(figures.keptBytes)} ` +
      `(bound 12 MB), IndexedDB on disk ${mb(figures.indexedDbOnDisk)}; filled in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      '(incl. the 5 s wait after the page)',
  );
  await context.close();
}
await browser.close();
