// Measures the gzipped JavaScript a browser loads for the first page: /login, and a signed-in deep link.
// Usage: start the product (npm start), then `npx tsx bench/firstPageJavaScript.ts [http://localhost:3000]`.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/support/chromium';
import { openSignedIn } from '../tests/support/browserSession';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const BUDGET_KB = 360;

async function javaScriptOf(
  page: Page,
  action: () => Promise<void>,
): Promise<{ files: number; gzipKb: number }> {
  const bodies: Promise<Buffer>[] = [];
  const listener = (response: import('playwright-core').Response) => {
    if (response.url().endsWith('.js') && response.status() === 200) {
      bodies.push(response.body());
      if (process.env.BENCH_VERBOSE)
        void response
          .body()
          .then((b) =>
            console.log(
              `  ${(gzipSync(b).length / 1024).toFixed(1).padStart(6)} kB  ${response.url().split('/').pop()}`,
            ),
          );
    }
  };
  page.on('response', listener);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('response', listener);
  const all = await Promise.all(bodies);
  return { files: all.length, gzipKb: all.reduce((sum, b) => sum + gzipSync(b).length, 0) / 1024 };
}

const browser = await launchChromium();
try {
  const fresh = await (await browser.newContext()).newPage();
  const login = await javaScriptOf(fresh, async () => {
    await fresh.goto(`${baseUrl}/login`);
  });
  const page = await openSignedIn(browser, baseUrl, 'anna.admin', '/crm/admin/labels');
  // A new context with the sign-in carried over: an empty HTTP cache, as on a first visit.
  const cold = await (
    await browser.newContext({ storageState: await page.context().storageState() })
  ).newPage();
  const deepLink = await javaScriptOf(cold, async () => {
    await cold.goto(`${baseUrl}/crm/admin/labels`);
    await cold.getByRole('row').nth(1).waitFor();
  });
  const coldLanding = await (
    await browser.newContext({ storageState: await page.context().storageState() })
  ).newPage();
  const landing = await javaScriptOf(coldLanding, async () => {
    await coldLanding.goto(`${baseUrl}/crm/dashboard`);
    await coldLanding.getByRole('heading', { level: 1 }).first().waitFor();
  });
  for (const [name, result] of [
    ['/login (not signed in)', login],
    ['/crm/dashboard (landing after sign-in, cold load)', landing],
    ['/crm/admin/labels (signed in, cold load)', deepLink],
  ] as const) {
    console.log(
      `${name}: ${result.files} files, ${result.gzipKb.toFixed(1)} kB gzip (budget ${BUDGET_KB} kB)`,
    );
  }
} finally {
  await browser.close();
}
