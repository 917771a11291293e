// Drop in browser A → visible in browser B (target < 1 s), with A and B signed in on two server
// instances over one database, as two nodes of a deployment: A drags a card with the real mouse to the top of
// another column and back, MOVES times; B's board shows each move by its live stream, without a reload.
// Usage: two servers on the same DATABASE_URL (DEMO=true), then
//   npx tsx bench/kanbanLive.ts http://localhost:<port A> http://localhost:<port B> [moves]
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { openSignedIn } from '../tests/support/browserSession';
import { launchChromium } from '../tests/support/chromium';
import { dragCardTo } from '../tests/support/kanbanDrag';
import { summarise, type BenchFigure } from './figures';

const BOARD = '/crm/vorgang/kartenansicht';
const BUDGET_MS = 1000;

const columnOf = (page: Page, name: string) => page.locator(`section[aria-label="Spalte ${name}"]`);

/** The names of the board's columns that hold cards, left to right. */
async function filledColumns(page: Page): Promise<string[]> {
  const names: string[] = [];
  for (const section of await page.locator('section[aria-label^="Spalte "]').all()) {
    if ((await section.locator('[data-card-id]').count()) > 0) {
      names.push((await section.getAttribute('aria-label'))!.replace(/^Spalte /, ''));
    }
  }
  return names;
}

/** Drags one card back and forth between two columns in A and times when B shows it in its new column. */
export async function measureKanbanLive(urlA: string, urlB: string, moves = 20): Promise<BenchFigure[]> {
  const browser = await launchChromium();
  try {
    const a = await openSignedIn(browser, urlA, 'victor.verkauf', BOARD);
    const b = await openSignedIn(browser, urlB, 'lena.leitung', BOARD);
    for (const page of [a, b]) await page.getByText('Live', { exact: true }).waitFor();
    const [first, second] = await filledColumns(a);
    if (!first || !second) throw new Error('Die Kartenansicht braucht zwei Spalten mit Karten.');
    const cardId = await columnOf(a, first).locator('[data-card-id]').first().getAttribute('data-card-id');
    const dropToSeen: number[] = [];
    const dropToAnswer: number[] = [];
    for (let i = 0; i < moves + 1; i++) {
      const [from, to] = i % 2 === 0 ? [first, second] : [second, first];
      const answered = a.waitForResponse((r) => r.url().includes('/api/vorgang/setCustomStatusForVorgang'), {
        timeout: 120_000,
      });
      const seen = b
        .locator(`section[aria-label="Spalte ${to}"] [data-card-id="${cardId}"]`)
        .waitFor({ timeout: 120_000 })
        .then(() => Date.now());
      await dragCardTo(
        a,
        columnOf(a, from).locator(`[data-rfd-draggable-id="${cardId}"]`),
        columnOf(a, to).locator('[role="group"]'),
        10,
      );
      // The drag ends with the mouse release; the clock starts there (dragCardTo's own pauses are not counted).
      const dropped = Date.now();
      const response = await answered;
      const answerAt = Date.now();
      if (!response.ok()) throw new Error(`Verschieben: ${response.status()} ${await response.text()}`);
      const seenAt = await seen;
      // The first move warms both instances up (and numbers the seeded columns 1..n): not counted.
      if (i === 0) continue;
      dropToSeen.push(seenAt - dropped);
      dropToAnswer.push(answerAt - dropped);
    }
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const seen = summarise(dropToSeen);
    return [
      {
        name: 'Kartenansicht: Ablegen in Browser A → sichtbar in Browser B (zweite Instanz)',
        unit: 'ms',
        ...seen,
        budget: `< ${BUDGET_MS} ms`,
        verdict: seen.median < BUDGET_MS ? 'ok' : 'over',
        note: `${first} ↔ ${second}, je an den Anfang der Spalte; Last ${load}`,
      },
      {
        name: 'Kartenansicht: Ablegen in Browser A → Antwort des Servers an A',
        unit: 'ms',
        ...summarise(dropToAnswer),
        note: `Last ${load}`,
      },
    ];
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [urlA = 'http://localhost:3000', urlB = 'http://localhost:3001', moves = '20'] =
    process.argv.slice(2);
  for (const figure of await measureKanbanLive(urlA, urlB, Number(moves))) {
    console.log(
      `${figure.name}: Median ${figure.median} ms (min ${figure.min}, max ${figure.max}, ${figure.runs} Läufe)` +
        `${figure.budget ? `, Ziel ${figure.budget}` : ''}${figure.note ? `; ${figure.note}` : ''}`,
    );
  }
}
