import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_BUDGETS_KB, type FirstScreen } from '../../build/firstScreenBudgets';
import { apiOf } from '../support/browserApi';
import { browserSession, DESKTOP } from '../support/browserSession';

// The guard of the first screens' start, without a clock: a cold signed-in load of each first screen (empty
// HTTP cache, the person's kept sign-in) records every request in order. The screen's first data call must go
// out before any script the page's HTML did not ask for (the screen's code, the app's big files): behind them it
// waited for one of a host's six HTTP/1.1 connections. And the JavaScript fetched until the first row is drawn
// stays within its budget (build/firstScreenBudgets.ts; a raise needs its reason in the commit).

const { baseUrl, openSignedIn } = browserSession();
const dist = path.resolve('dist');

/** The scripts the HTML of a signed-in address asks for (its entry and its module preloads). */
function scriptsOfSignedInHtml(): Set<string> {
  const html = readFileSync(path.join(dist, 'signed-in.html'), 'utf8');
  const asked = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g),
  ];
  return new Set(asked.map((match) => match[1]!));
}

/** A built file's size as a browser receives it (brotli where the build wrote it). */
function wireBytes(asset: string): number {
  const file = path.join(dist, asset);
  for (const compressed of [`${file}.br`, `${file}.gz`])
    if (existsSync(compressed)) return statSync(compressed).size;
  return statSync(file).size;
}

interface Screen {
  name: FirstScreen;
  path: string;
  /** The screen's first data call. */
  dataCall: RegExp;
  /** Drawn data, never a loading state. */
  drawn: string;
}

/** What one cold load asked for, in order, up to the drawn data. */
async function coldLoad(screen: Screen) {
  const requests: { url: string; script: boolean }[] = [];
  let drawnAfter = -1;
  const page: Page = await openSignedIn('victor.verkauf', screen.path, DESKTOP, {
    beforeSignIn: async (page) => {
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin !== baseUrl) return;
        requests.push({ url: url.pathname + url.search, script: request.resourceType() === 'script' });
      });
      await page.exposeFunction('firstScreenDrawn', () => (drawnAfter = requests.length));
      await page.addInitScript((selector) => {
        const observer = new MutationObserver(() => {
          const element = document.querySelector(selector);
          if (!element || element.getBoundingClientRect().height === 0) return;
          observer.disconnect();
          void (window as unknown as { firstScreenDrawn: () => Promise<void> }).firstScreenDrawn();
        });
        observer.observe(document, { childList: true, subtree: true, attributes: true });
      }, screen.drawn);
    },
  });
  await page.waitForSelector(screen.drawn, { timeout: 60_000 });
  await expect.poll(() => drawnAfter, { timeout: 10_000 }).toBeGreaterThan(-1);
  await page.context().close();
  return { requests, beforeDrawn: requests.slice(0, drawnAfter) };
}

describe('first screens: data before the second wave of scripts, JavaScript within budget', () => {
  const screens: Screen[] = [
    {
      name: 'kunden',
      path: '/crm/kunden',
      dataCall: /^\/api\/kunde\/allCustomers\?/,
      drawn: 'tbody tr.RaDataTable-row',
    },
    {
      name: 'vorgaenge',
      path: '/crm/vorgang',
      dataCall: /^\/api\/vorgang\/getAllVorgangs\?/,
      drawn: 'tbody tr a[href^="/crm/vorgang/"]',
    },
    {
      name: 'kartenansicht',
      path: '/crm/vorgang/kartenansicht',
      dataCall: /^\/api\/vorgang\/kanban\?/,
      drawn: '[data-card-id]',
    },
    {
      name: 'dashboard',
      path: '/crm/dashboard',
      dataCall: /^\/api\/dashboard\/getFigures/,
      drawn: 'a.MuiCardActionArea-root[href^="/crm/vorgang"]',
    },
  ];

  beforeAll(async () => {
    // A customer and a Vorgang of the data set, opened as their pages.
    const page = await openSignedIn('victor.verkauf', '/crm/dashboard');
    const api = apiOf(page, baseUrl);
    const customers = await api.get<{ data: { id: number }[] }>(
      'kunde/allCustomers?page=1&perPage=1&sort=displayName&order=ASC&filter=%7B%7D',
    );
    const vorgaenge = await api.get<{ data: { id: number }[] }>('vorgang/getAllVorgangs?page=1&perPage=1');
    await page.context().close();
    const customer = customers.data[0]!.id;
    const vorgang = vorgaenge.data[0]!.id;
    screens.push(
      {
        name: 'kunde',
        path: `/crm/kunden/${customer}/show`,
        dataCall: new RegExp(`^/api/kunde/getSingleCustomer/${customer}$`),
        drawn: '[aria-label="Bereiche des Kunden"]',
      },
      {
        name: 'vorgang',
        path: `/crm/vorgang/${vorgang}`,
        dataCall: new RegExp(`^/api/vorgang/getVorgang/${vorgang}$`),
        drawn: '[aria-label="Bereiche des Vorgangs"]',
      },
    );
  });

  it('each screen sends its first data call before any script its HTML did not ask for', async () => {
    const asked = scriptsOfSignedInHtml();
    const report: string[] = [];
    for (const screen of screens) {
      const { requests, beforeDrawn } = await coldLoad(screen);
      const call = requests.findIndex((request) => screen.dataCall.test(request.url));
      const secondWave = requests.filter(
        (request, index) => request.script && !asked.has(request.url) && index < call,
      );
      const scripts = beforeDrawn.filter((request) => request.script).map((request) => request.url);
      const kB = scripts.reduce((sum, script) => sum + wireBytes(script), 0) / 1000;
      report.push(`${screen.name}: ${scripts.length} scripts, ${kB.toFixed(1)} kB until drawn`);
      if (process.env.FIRST_SCREENS_VERBOSE)
        report.push(
          ...scripts.map((script) => `  ${(wireBytes(script) / 1000).toFixed(1).padStart(6)} ${script}`),
        );
      expect.soft(call, `${screen.name}: no call ${screen.dataCall}`).toBeGreaterThan(-1);
      // The screen found the started call's answer: it did not ask a second time.
      const calls = beforeDrawn.filter((request) => screen.dataCall.test(request.url));
      expect.soft(calls.length, `${screen.name}: ${screen.dataCall} asked more than once`).toBe(1);
      expect
        .soft(
          secondWave.map((request) => request.url),
          `${screen.name}: scripts before its data call`,
        )
        .toEqual([]);
      expect
        .soft(kB, `${screen.name}: JavaScript until drawn`)
        .toBeLessThanOrEqual(FIRST_SCREEN_BUDGETS_KB[screen.name]);
    }
    console.log(report.join('\n'));
  });
});
