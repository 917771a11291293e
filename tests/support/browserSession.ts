import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { launchChromium } from './chromium';
import { watchNetwork } from './networkQuiet';
import { productUnderTest } from './productUnderTest';

export const DESKTOP = { width: 1280, height: 850 };

export interface SignInOptions {
  /** Where the sign-in ends when it is not `path` (an area's first tab, the access-denied page). */
  landsOn?: string | RegExp;
  /** Runs on the fresh page before it opens the product (routes that must be in place from the start). */
  beforeSignIn?: (page: Page) => Promise<void>;
  /**
   * Sign in through the whole redirect even when this person signed in before in this test run (for tests
   * of the sign-in itself). The default reuses the browser state of that earlier sign-in (MSAL's token
   * cache in localStorage and the cookies), as a returning person's browser does: a sign-in costs about
   * 1.5 s, and the suite signs in some 70 times.
   */
  fresh?: boolean;
  /** Let the app register its service worker (blocked otherwise, see `openPage`). */
  serviceWorker?: boolean;
  /** A touch screen, as a phone has (`locator.tap()`; the page sees `pointer: coarse`). */
  touch?: boolean;
  /** The browser's time zone (IANA name) when it must differ from the machine's, e.g. a seller travelling. */
  timezoneId?: string;
}

// The bearer token each signed-in context last sent to the API, for tests that prepare data by API.
const tokens = new WeakMap<BrowserContext, string>();

// Content Security Policy violations seen by any watched context since the last check.
const cspViolations: string[] = [];

/**
 * Records every Content Security Policy violation in `context`'s pages and frames (the DOM event and
 * Chromium's console report), so that `failOnCspViolations` can fail the test that caused it.
 */
export async function watchContentSecurityPolicy(context: BrowserContext): Promise<void> {
  await context.exposeBinding(
    '__reportCspViolation',
    (_source, text: string) => void cspViolations.push(text),
  );
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      void report(
        `${event.violatedDirective} verbietet ${event.blockedURI || 'inline'} auf ${event.documentURI}`,
      );
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      cspViolations.push(message.text());
    }
  });
}

/** Throws (failing the current test) when a watched page violated the Content Security Policy. */
export function failOnCspViolations(): void {
  const seen = cspViolations.splice(0);
  if (seen.length) throw new Error(`Content-Security-Policy verletzt:\n${[...new Set(seen)].join('\n')}`);
}

/**
 * A fresh browser context (German, desktop unless told; a window below 600 px is a touch screen) with one page,
 * CSP-watched; not signed in unless `storageState` (a file of `context.storageState()`) brings a sign-in along.
 * The app's service worker is blocked unless asked for: its download of the app's files would compete with the
 * test on a busy machine, and a test of the installable app wants to see it arrive in a clean context.
 */
export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
  storageState?: string,
  serviceWorker = false,
  touch = false,
  timezoneId?: string,
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    locale: 'de-AT',
    timezoneId,
    // As a person who asked for less motion: no transition to wait out, no spinner redrawing every frame
    // (the browser used about an eighth less CPU over two test files).
    reducedMotion: 'reduce',
    storageState,
    serviceWorkers: serviceWorker ? 'allow' : 'block',
    // A phone's window is a touch screen: `(pointer: coarse)` holds there, as on the sellers' phones.
    hasTouch: touch || viewport.width < 600,
  });
  await watchContentSecurityPolicy(context);
  watchNetwork(context);
  return context.newPage();
}

/**
 * A fresh browser context (desktop, German) signed in as `username` through the real MSAL redirect and
 * the development provider's page, on `path` once the sign-in returns. This also guards the plain-http
 * trick of the dev setup: MSAL must accept the https authority with http endpoints.
 */
export async function openSignedIn(
  browser: Browser,
  baseUrl: string,
  username: string,
  path: string,
  viewport = DESKTOP,
  options: SignInOptions = {},
): Promise<Page> {
  const landsOn = options.landsOn ?? path;
  const landed =
    typeof landsOn === 'string' ? new RegExp(`^${escapeRegExp(`${baseUrl}${landsOn}`)}$`) : landsOn;
  const kept = options.fresh ? undefined : keptSignIn(baseUrl, username);
  if (kept) {
    const page = await openPage(
      browser,
      viewport,
      kept,
      options.serviceWorker,
      options.touch,
      options.timezoneId,
    );
    recordBearer(page.context(), baseUrl);
    await options.beforeSignIn?.(page);
    await page.goto(`${baseUrl}${path}`);
    const login = `${baseUrl}/login`;
    await page.waitForURL((url) => url.href === login || landed.test(url.href));
    if (page.url() !== login) return page;
    // The kept sign-in no longer holds (its tokens ran out): sign in afresh.
    await page.context().close();
  }
  const page = await openPage(
    browser,
    viewport,
    undefined,
    options.serviceWorker,
    options.touch,
    options.timezoneId,
  );
  recordBearer(page.context(), baseUrl);
  await options.beforeSignIn?.(page);
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByRole('button', { name: new RegExp(`\\(${username.replace('.', '\\.')}\\)`) }).click();
  await page.waitForURL(landed);
  // Not a sign-in whose early routes may have changed what the app stored (another tenant's configuration).
  if (!options.fresh && !options.beforeSignIn) await keepSignIn(baseUrl, username, page.context());
  return page;
}

/** Remembers the bearer token `context` sends to the API of `baseUrl` (for `bearerOf`). */
function recordBearer(context: BrowserContext, baseUrl: string): void {
  context.on('request', (request) => {
    const authorization = request.headers().authorization;
    if (authorization?.startsWith('Bearer ') && request.url().startsWith(`${baseUrl}/api/`)) {
      tokens.set(context, authorization);
    }
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The browser state of each person's first sign-in in this test run, as files in the folder the global
// setup provides, so that every browser test file (each its own worker) can start from it.
function keptSignInFile(baseUrl: string, username: string): string {
  return path.join(inject('browserStateDir'), `${encodeURIComponent(baseUrl)}-${username}.json`);
}

function keptSignIn(baseUrl: string, username: string): string | undefined {
  const file = keptSignInFile(baseUrl, username);
  return existsSync(file) ? file : undefined;
}

async function keepSignIn(baseUrl: string, username: string, context: BrowserContext): Promise<void> {
  await context.storageState({ path: keptSignInFile(baseUrl, username) });
}

/** The `Authorization` header the signed-in page sends to the API (waits for its first API call). */
export async function bearerOf(page: Page): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const token = tokens.get(page.context());
    if (token) return token;
    if (Date.now() > deadline) throw new Error('Die Seite hat die API nicht mit einem Token aufgerufen.');
    await page.waitForTimeout(100);
  }
}

export interface BrowserSession {
  /** Origin of the product under test. */
  readonly baseUrl: string;
  /** A fresh context with one page, not signed in. */
  openPage: (viewport?: typeof DESKTOP) => Promise<Page>;
  /** A fresh context signed in as `username`, on `path` (see the function of this name above). */
  openSignedIn: (
    username: string,
    path: string,
    viewport?: typeof DESKTOP,
    options?: SignInOptions,
  ) => Promise<Page>;
  /** The same on another origin, e.g. a second server instance over the same database. */
  openSignedInOn: (
    origin: string,
    username: string,
    path: string,
    viewport?: typeof DESKTOP,
    options?: SignInOptions,
  ) => Promise<Page>;
}

// One Chromium per worker process, shared by the files it runs (they share loaded modules): a launch costs
// about a second of both cores. Each test still works in contexts of its own, as fresh as a new browser.
// Playwright ends it when the worker process exits.
let chromium: Promise<Browser> | undefined;

/** This worker's Chromium, started on first use (and again if it went away). */
export async function sharedChromium(): Promise<Browser> {
  const running = await chromium?.catch(() => undefined);
  if (running?.isConnected()) return running;
  chromium = launchChromium('tests');
  return chromium;
}

/** For a browser test file: Chromium ready before its tests, on this worker's copy of the product. */
export function browserSession(): BrowserSession {
  const { baseUrl } = productUnderTest();
  let browser: Browser | undefined;
  const contexts = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    contexts.add(context);
    context.on('close', () => contexts.delete(context));
  };
  beforeAll(async () => {
    browser = await sharedChromium();
    browser.on('context', track);
  });
  // What a file leaves open (a page kept for all its tests, a failed test's windows) closes with it, as
  // when each file had its own Chromium: nothing of it keeps a live stream or a timer running.
  afterAll(async () => {
    browser?.off('context', track);
    await Promise.all([...contexts].map((context) => context.close()));
  });
  // Every browser test runs under the product's CSP and fails on a violation.
  afterEach(() => failOnCspViolations());
  const started = () => {
    if (!browser) throw new Error('Chromium läuft noch nicht: Seiten erst in den Tests öffnen.');
    return browser;
  };
  return {
    baseUrl,
    openPage: (viewport) => openPage(started(), viewport),
    openSignedIn: (username, path, viewport, options) =>
      openSignedIn(started(), baseUrl, username, path, viewport, options),
    openSignedInOn: (origin, username, path, viewport, options) =>
      openSignedIn(started(), origin, username, path, viewport, options),
  };
}
