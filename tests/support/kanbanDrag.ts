import type { Locator, Page } from 'playwright-core';

/**
 * Drags a Kartenansicht card with the real mouse, as a person does: press on the card, a few pixels to lift
 * it (@hello-pangea/dnd waits for 5 px before a press becomes a drag), then the way to `to` in steps (its
 * horizontal middle, `offsetY` below its top edge), and release. Resolves when the mouse is up.
 */
export async function dragCardTo(page: Page, card: Locator, to: Locator, offsetY = 60): Promise<void> {
  // A column beyond the window's right edge is scrolled into view first (the mouse cannot reach it there).
  await to.scrollIntoViewIfNeeded();
  await card.scrollIntoViewIfNeeded();
  const from = await card.boundingBox();
  const target = await to.boundingBox();
  if (!from || !target) throw new Error('Karte oder Ziel ist nicht sichtbar.');
  const [x, y] = [from.x + from.width / 2, from.y + from.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 10, { steps: 5 });
  await page.waitForTimeout(200);
  await page.mouse.move(target.x + target.width / 2, target.y + offsetY, { steps: 25 });
  // The library animates the other cards aside; dropping before that ends would land one place off.
  await page.waitForTimeout(400);
  await page.mouse.up();
}
