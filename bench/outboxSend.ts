// Usage: `npx tsx bench/outboxSend.ts http://localhost:4120 [--runs 3] [--changes 20]` — the offline outbox:
// the time from the network coming back to the last of 20 changes saved offline stored on the server.
// A signed-in Chromium (victor.verkauf, 390 × 844) under the phone profile of the cold-load comparison
// (150 ms round trip, 1.6 Mbit/s both ways, CPU slowed 4×) opens a customer, goes offline (Chromium's network
// emulation, so the page sees "offline" and the profile stays), saves `--changes` notes on the customer's
// timeline, and comes back online. Measured: from the emulation going online to the answer of the last note's
// send (the server answers after its transaction committed); the figure is the median of `--runs`. Afterwards
// every note must be on the timeline exactly once. The server is one started with `npm start` (dev sign-in).
import { parseArgs } from 'node:util';
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../tests/support/chromium';
import { bearerOf, openSignedIn } from '../tests/support/browserSession';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '3' }, changes: { type: 'string', default: '20' } },
});
const baseUrl = positionals[0] ?? 'http://localhost:4120';
const RUNS = Number(args.runs);
const CHANGES = Number(args.changes);
const PHONE = { width: 390, height: 844 };
// 1.6 Mbit/s in bytes per second; Chromium adds the latency to each request's round trip.
const PROFILE = { latency: 150, downloadThroughput: 200_000, uploadThroughput: 200_000 };

const network = (cdp: CDPSession, offline: boolean) =>
  cdp.send('Network.emulateNetworkConditions', { offline, ...PROFILE });

async function customerIdOf(page: Page): Promise<number> {
  const token = await bearerOf(page);
  const response = await page.request.get(
    `${baseUrl}/api/kunde/allCustomers?page=1&perPage=1&sort=id&order=ASC&filter=%7B%7D`,
    { headers: { authorization: token } },
  );
  const body = (await response.json()) as { result: { data: { id: number }[] } };
  return body.result.data[0]!.id;
}

async function oneRun(page: Page, cdp: CDPSession, customerId: number, run: number): Promise<number> {
  await page.goto(`${baseUrl}/crm/kunden/${customerId}/show`);
  await page.getByLabel('Neue Notiz').waitFor();
  await network(cdp, true);
  const texts = Array.from(
    { length: CHANGES },
    (_, index) => `Bench Ausgang ${Date.now()}-${run}-${index + 1}`,
  );
  for (const text of texts) {
    await page.getByLabel('Neue Notiz').fill(text);
    await page.getByRole('button', { name: 'Notiz speichern' }).click();
    await page.getByRole('list', { name: 'Wartet auf Verbindung' }).getByText(text).waitFor();
  }
  await page
    .getByRole('status')
    .filter({ hasText: `Offline – ${CHANGES} Änderungen warten` })
    .waitFor();
  const answered: number[] = [];
  const onResponse = (response: { url: () => string; status: () => number }) => {
    if (response.url().includes('/api/kunde/postNoteToTimeline') && response.status() === 200) {
      answered.push(performance.now());
    }
  };
  page.on('response', onResponse);
  const back = performance.now();
  await network(cdp, false);
  while (answered.length < CHANGES) await page.waitForTimeout(50);
  page.off('response', onResponse);
  const ms = answered[CHANGES - 1]! - back;
  // Every note once on the server.
  const token = await bearerOf(page);
  const timeline = (await (
    await page.request.get(`${baseUrl}/api/kunde/getTimelineForCustomer/${customerId}`, {
      headers: { authorization: token },
    })
  ).json()) as { result: { items: { text: string | null }[] } };
  for (const text of texts) {
    const count = timeline.result.items.filter((item) => item.text === text).length;
    if (count !== 1) throw new Error(`„${text}“ ist ${count}-mal gespeichert.`);
  }
  return ms;
}

const browser = await launchChromium();
try {
  const page = await openSignedIn(browser, baseUrl, 'victor.verkauf', '/crm/dashboard', PHONE, {
    fresh: true,
  });
  const customerId = await customerIdOf(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await network(cdp, false);
  const times: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const ms = await oneRun(page, cdp, customerId, run);
    times.push(ms);
    console.log(`Lauf ${run}: ${Math.round(ms)} ms`);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `Ausgang: ${CHANGES} offline gespeicherte Notizen, Netz zurück → letzte gespeichert: Median ` +
      `${Math.round(median)} ms (${RUNS} Läufe, 150 ms RTT, 1,6 Mbit/s, CPU 4×)`,
  );
} finally {
  await browser.close();
}
