import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Which Chromium: `CHROMIUM_PATH` when set; else for the tests Debian's headless shell of the same Chromium
 * (package chromium-headless-shell) when installed, for the benches the whole browser. The shell draws the
 * same pages with the same engine but without the browser around them: twelve page loads took 17 CPU seconds
 * instead of 29 on two cores, the largest share of the browser tests' time (Playwright drives it by default
 * for headless runs for that reason). The benches measure what a person's Chromium does, so they keep it.
 */
function executablePath(kind: 'tests' | 'bench'): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = '/usr/bin/chromium-headless-shell';
  return kind === 'tests' && existsSync(shell) ? shell : '/usr/bin/chromium';
}

/** Debian's Chromium (or CHROMIUM_PATH), started headless with the flags this network needs. */
export async function launchChromium(kind: 'tests' | 'bench' = 'bench'): Promise<Browser> {
  const path = executablePath(kind);
  if (!existsSync(path)) {
    throw new Error(
      `Kein Chromium unter ${path}. Installieren Sie es mit "apt-get install chromium" ` +
        'oder setzen Sie CHROMIUM_PATH auf ein vorhandenes Chromium/Chrome.',
    );
  }
  return chromium.launch({
    executablePath: path,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The tests' pages live seconds: V8's optimizing compilers (TurboFan, Maglev) compile code that a test
      // rarely runs often enough to repay them. Without them two browser files took 49.6 instead of 53.0 CPU
      // seconds (four alternating runs each); the benches keep them, as a person's Chromium does.
      ...(kind === 'tests' ? ['--js-flags=--no-opt --no-maglev'] : []),
    ],
  });
}
