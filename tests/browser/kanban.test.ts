import { describe, expect, it } from 'vitest';
import type { KanbanBoard } from '../../src/resources/vorgaenge/kanban/kanbanTypes';
import { apiOf } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
import { dragCardTo } from '../support/kanbanDrag';
import { startSecondInstance } from '../support/secondInstance';

const { baseUrl, openSignedIn, openSignedInOn } = browserSession();
const PHONE = { width: 390, height: 844 };
const BOARD = '/crm/vorgang/kartenansicht';

const column = (board: KanbanBoard, name: string) => board.columns.find((c) => c.name === name)!;

describe('the Kartenansicht as victor.verkauf', () => {
  it('moves a card by keyboard and by a mouse drag (both stay after reload), and a stale move goes back with the German message', async () => {
    const page = await openSignedIn('victor.verkauf', BOARD);
    const api = apiOf(page, baseUrl);
    await page.getByText('Live', { exact: true }).waitFor();
    const before = await api.get<KanbanBoard>('vorgang/kanban');
    const card = column(before, 'Neu').cards[0]!;
    const neu = page.getByRole('region', { name: 'Spalte Neu' });
    const aufmass = page.getByRole('region', { name: 'Spalte Aufmaß' });

    // Issue 37 item 20: at 1280 px only the columns scroll sideways, the page (header, filters, menu) does not.
    const widths = await page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('[aria-label="Spalten der Kartenansicht"]');
      return {
        page: document.documentElement.scrollWidth,
        window: window.innerWidth,
        board: scroller?.scrollWidth ?? 0,
        boardBox: scroller?.clientWidth ?? 0,
      };
    });
    expect(widths.window).toBe(1280);
    expect(widths.page).toBeLessThanOrEqual(1280);
    expect(widths.board).toBeGreaterThan(widths.boardBox);

    // The library's keyboard mode: space lifts, arrow right goes to the next column, space drops. What a screen
    // reader hears is German (issue 37 item 16): the instructions and each step in the live region.
    const handle = neu.locator(`[data-rfd-draggable-id="${card.id}"]`);
    await handle.focus();
    const instructions = page.locator('[id^="rfd-hidden-text"]');
    expect(await instructions.textContent()).toContain('Leertaste, um den Vorgang aufzunehmen');
    const announced = page.locator('[id^="rfd-announcement"]');
    await page.keyboard.press('Space');
    await expect
      .poll(() => announced.textContent())
      .toMatch(
        new RegExp(
          `^Vorgang ${card.vorgangNumber} aufgenommen\\. Spalte Neu, Position 1 von \\d+\\. Mit den Pfeiltasten verschieben`,
        ),
      );
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => announced.textContent()).toMatch(/^Spalte Aufmaß, Position \d+ von \d+\.$/);
    await page.waitForTimeout(400);
    await page.keyboard.press('Space');
    await expect
      .poll(() => announced.textContent())
      .toMatch(
        new RegExp(`^Vorgang ${card.vorgangNumber} abgelegt in Spalte Aufmaß, Position \\d+ von \\d+\\.$`),
      );
    await aufmass.getByText(card.vorgangNumber).waitFor();
    await expect
      .poll(
        async () =>
          (await api.get<{ customStatus: { name: string } | null }>(`vorgang/getVorgang/${card.id}`))
            .customStatus?.name,
      )
      .toBe('Aufmaß');
    await page.reload();
    await aufmass.getByText(card.vorgangNumber).waitFor();
    expect(await neu.getByText(card.vorgangNumber).count()).toBe(0);

    // The same with a real mouse: press, a few pixels to lift (the library waits for 5 px), then the way to
    // the other column in steps, release. It lands there, is saved, and stays after a reload.
    const dragged = column(before, 'Neu').cards[1]!;
    await dragCardTo(
      page,
      neu.locator(`[data-rfd-draggable-id="${dragged.id}"]`),
      aufmass.getByLabel('Karten: Aufmaß'),
    );
    await aufmass.getByText(dragged.vorgangNumber).waitFor();
    await expect
      .poll(
        async () =>
          (await api.get<{ customStatus: { name: string } | null }>(`vorgang/getVorgang/${dragged.id}`))
            .customStatus?.name,
      )
      .toBe('Aufmaß');
    await page.reload();
    await aufmass.getByText(dragged.vorgangNumber).waitFor();
    expect(await neu.getByText(dragged.vorgangNumber).count()).toBe(0);

    // A second browser whose live stream is cut: it still shows the old version when it moves the card.
    const stale = await openSignedIn('victor.verkauf', BOARD);
    await stale.route('**/api/vorgang/kanban-events**', (route) => route.abort());
    await stale.reload();
    const staleAufmass = stale.getByRole('region', { name: 'Spalte Aufmaß' });
    await staleAufmass.getByText(card.vorgangNumber).waitFor();
    const now = await api.get<KanbanBoard>('vorgang/kanban');
    const moved = column(now, 'Aufmaß').cards.find((c) => c.id === card.id)!;
    await api.post('vorgang/setCustomStatusForVorgang', {
      vorgangId: card.id,
      customStatusId: column(now, 'Verhandlung').customStatusId,
      version: moved.version,
      beforeVorgangId: column(now, 'Verhandlung').cards[0]?.id ?? null,
    });
    await staleAufmass.getByRole('button', { name: `Aktionen für ${card.vorgangNumber}` }).click();
    await stale.getByRole('menuitem', { name: 'Nachfassen' }).click();
    await stale.getByText(/Der Vorgang wurde inzwischen von .* verschoben/).waitFor();
    // Back out of Nachfassen; the board read again shows it where the other move put it.
    await stale.getByRole('region', { name: 'Spalte Verhandlung' }).getByText(card.vorgangNumber).waitFor();
    expect(
      await stale.getByRole('region', { name: 'Spalte Nachfassen' }).getByText(card.vorgangNumber).count(),
    ).toBe(0);
    // The first browser is live: the other move arrived without a reload.
    await page.getByRole('region', { name: 'Spalte Verhandlung' }).getByText(card.vorgangNumber).waitFor();
    await stale.context().close();
    await page.context().close();
  });

  it('on a phone shows one column with the statuses as tabs and moves by the menu; a card opens over the board', async () => {
    const page = await openSignedIn('victor.verkauf', BOARD, PHONE);
    const tabs = page.getByRole('tablist', { name: 'Spalten der Kartenansicht' });
    await tabs.getByRole('tab', { name: /^Nachfassen \(\d+\)$/ }).click();
    const section = page.getByRole('region', { name: 'Spalte Nachfassen' });
    const first = section.locator('[data-card-id]').first();
    await first.waitFor();
    const number = (await first.locator('span').first().textContent())!.trim();
    await section.getByRole('button', { name: `Aktionen für ${number}` }).click();
    await page.getByRole('menuitem', { name: 'Gewonnen' }).click();
    await expect.poll(() => section.getByText(number, { exact: true }).count()).toBe(0);
    await tabs.getByRole('tab', { name: /^Gewonnen \(\d+\)$/ }).click();
    const won = page.getByRole('region', { name: 'Spalte Gewonnen' });
    await won.getByText(number, { exact: true }).click();
    await page.waitForURL(/\/crm\/vorgang\/kartenansicht\/\d+$/);
    await page.getByRole('dialog').getByText(number, { exact: false }).first().waitFor();
    await page.goBack();
    await page.waitForURL(`${baseUrl}${BOARD}`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('shows a move made on a second server instance over the same database without a reload', async () => {
    const other = await startSecondInstance();
    try {
      const a = await openSignedIn('victor.verkauf', BOARD);
      const b = await openSignedInOn(other.url, 'lena.leitung', BOARD);
      await a.getByText('Live', { exact: true }).waitFor();
      await b.getByText('Live', { exact: true }).waitFor();
      // On B: a card of "Neu" moved to "Verhandlung" by its menu (one request to instance B).
      const neuOnB = b.getByRole('region', { name: 'Spalte Neu' });
      const first = neuOnB.locator('[data-card-id]').first();
      await first.waitFor();
      const number = (await first.locator('span').first().textContent())!.trim();
      await neuOnB.getByRole('button', { name: `Aktionen für ${number}` }).click();
      await b.getByRole('menuitem', { name: 'Verhandlung' }).click();
      await b
        .getByRole('region', { name: 'Spalte Verhandlung' })
        .getByText(number, { exact: true })
        .waitFor();
      // On A (the first instance), pushed over LISTEN/NOTIFY and the event stream: no reload.
      await a
        .getByRole('region', { name: 'Spalte Verhandlung' })
        .getByText(number, { exact: true })
        .waitFor({ timeout: 5000 });
      expect(
        await a.getByRole('region', { name: 'Spalte Neu' }).getByText(number, { exact: true }).count(),
      ).toBe(0);
      await a.context().close();
      await b.context().close();
    } finally {
      await other.stop();
    }
  });
});
