import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { apiOf } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
import { screenshotToLookAt } from '../support/screenshotToLookAt';
import { navigateInApp } from '../support/navigateInApp';
import { productUnderTest } from '../support/productUnderTest';
import { uniqueSuffix } from '../support/uniqueName';

const { baseUrl, openSignedIn } = browserSession();

let annasPage: Page | undefined;

/**
 * Anna's desk page on `path`: signed in and loaded once for the file, each later screen opened inside the app
 * (a full load of the app costs Chromium about 1.7 CPU seconds). Closed with the file.
 */
async function annaAt(path: string): Promise<Page> {
  if (annasPage) {
    await navigateInApp(annasPage, path);
    return annasPage;
  }
  annasPage = await openSignedIn('anna.admin', path);
  return annasPage;
}

describe('Admin master data as anna.admin', () => {
  it('lists the ERP articles read-only, with German amounts', async () => {
    const page = await annaAt('/crm/admin/articles');
    const row = page.getByRole('row', { name: /KF-I4000-2F/ });
    await row.waitFor();
    await row
      .getByText(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/)
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: 'Neu' }).count()).toBe(0);
    await screenshotToLookAt(page, { path: 'test-results/admin-articles.png' });
    await row.click();
    await page.waitForURL(/\/crm\/admin\/articles\/\d+\/show$/);
    // The breadcrumb names the record too (once it has loaded): look in the page's content.
    await page
      .locator('#main-content')
      .getByText('Kunststofffenster IDEAL 4000, 2-flügelig', { exact: true })
      .waitFor();
  });

  it('tests an alias pattern while it is typed, and saves it', async () => {
    const page = await annaAt('/crm/admin/article-aliases/create');
    await page.getByRole('textbox', { name: 'Name' }).fill('Haustüren THERMO');
    const pattern = page.getByRole('textbox', { name: 'Muster' });
    await pattern.fill('^HT-THERMO(');
    const tester = page.getByRole('region', { name: 'Mustertest' });
    await tester.getByText('Eine runde Klammer ist nicht geschlossen.').waitFor();
    await pattern.fill('^HT-THERMO');
    // The data sync test may add a THERMO door: count, not exact.
    await tester.getByText(/^\d+ Artikel passen:$/).waitFor();
    await tester.getByText('HT-THERMO65-B').waitFor();
    await screenshotToLookAt(page, { path: 'test-results/admin-alias-tester.png' });
    // The demo data has this name already: the field says so, nothing is saved.
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Einen Alias mit diesem Namen gibt es bereits.').waitFor();
    const name = `THERMO 65 mit und ohne Seitenteil ${uniqueSuffix()}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(`${baseUrl}/crm/admin/article-aliases`);
    await page.getByRole('row', { name }).waitFor();
  });
});

describe('Artikel-Mappings as anna.admin', () => {
  it('shows the rules that feed a mapping, each tested, and adds one tested while it is typed', async () => {
    const page = await annaAt('/crm/admin/article-mappings');
    await page.getByRole('row', { name: /Alufenster/ }).click();
    const rules = page.getByRole('list', { name: 'Muster dieses Mappings' });
    // Its pattern, linked to the Mapping-Alias, with the articles it takes.
    const seeded = rules.getByRole('link', { name: '^(AF)-' });
    await seeded.waitFor();
    await rules.getByText(/^\d+ Artikel passen:$/).waitFor();
    await rules.getByText('AF-SLIM-1F').waitFor();
    const pattern = '^AF-SLIM-1F';
    await page.getByRole('textbox', { name: 'Neues Muster testen' }).fill('^AF-SLIM-(');
    const tester = page.getByRole('region', { name: 'Mustertest' });
    await tester.getByText('Eine runde Klammer ist nicht geschlossen.').waitFor();
    await page.getByRole('textbox', { name: 'Neues Muster testen' }).fill(pattern);
    await tester.getByText('1 Artikel passt.').waitFor();
    await screenshotToLookAt(page, { path: 'test-results/admin-mapping-rules.png', fullPage: true });
    // On a phone the button stands below the field, and the result below the button, not touching it.
    await page.setViewportSize({ width: 390, height: 844 });
    const addButton = page.getByRole('button', { name: 'Muster hinzufügen' });
    await expect
      .poll(async () => (await tester.boundingBox())!.y - (await addButton.boundingBox())!.y)
      .toBeGreaterThan(0);
    const gap =
      (await tester.boundingBox())!.y - (await addButton.boundingBox().then((b) => b!.y + b!.height));
    expect(gap).toBeGreaterThanOrEqual(8);
    await tester.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshotToLookAt(page, { path: 'test-results/admin-mapping-rules-phone.png' });
    await page.setViewportSize({ width: 1280, height: 850 });
    await page.getByRole('button', { name: 'Muster hinzufügen' }).click();
    await page.getByText(`Muster „${pattern}“ hinzugefügt.`).waitFor();
    const added = rules.getByRole('link', { name: pattern, exact: true });
    await added.waitFor();
    // The mapping's form was not saved by it (still at its page, nothing to save).
    expect(page.url()).toMatch(/\/crm\/admin\/article-mappings\/\d+$/);
    await added.click();
    await page.waitForURL(/\/crm\/admin\/article-mapping-aliases\/\d+$/);
    const aliasId = Number(page.url().split('/').at(-1));
    // Gone again: the other tests count the demo data's aliases.
    await apiOf(page, baseUrl).delete(`adminExtended/deleteArticleMappingAlias/${aliasId}`);
  });
});

describe('Labels as anna.admin', () => {
  it('shows labels as coloured chips and gives one to all customers after saying how many', async () => {
    const page = await annaAt('/crm/admin/labels');
    const newsletter = page.getByRole('row', { name: /Newsletter/ });
    await newsletter.locator('.MuiChip-root', { hasText: 'Newsletter' }).waitFor();
    // Every customer gets the label: this file's own one (coloured as Newsletter), not a demo label.
    const label = `Werbeaktion ${uniqueSuffix()}`;
    await apiOf(page, baseUrl).post('label/putLabel', { name: label, color: '#546e7a' });
    await page.reload();
    const row = page.getByRole('row', { name: label });
    await row.locator('.MuiChip-root', { hasText: label }).waitFor();
    await row.click();
    await page.getByRole('button', { name: 'Allen Kunden zuweisen …' }).click();
    const question = page.getByRole('dialog', { name: 'Label allen Kunden zuweisen?' });
    await question.getByText(new RegExp(`Das Label „${label}“ bekommen \\d+ von \\d+ Kunden`)).waitFor();
    await screenshotToLookAt(page, {
      path: 'test-results/admin-label-all-customers.png',
      animations: 'disabled',
    });
    await question.getByRole('button', { name: 'Zuweisen' }).click();
    await page.getByText(new RegExp(`Das Label „${label}“ wurde \\d+ Kunden zugewiesen\\.`)).waitFor();
    await page.getByRole('button', { name: 'Allen Kunden zuweisen …' }).click();
    await question.getByText(new RegExp(`^Alle \\d+ Kunden haben das Label „${label}“ schon\\.$`)).waitFor();
    await question.getByRole('button', { name: 'Abbrechen' }).click();
  });
});

describe('System statuses as anna.admin', () => {
  it('shows the statuses Belege give a Vorgang, with how many Vorgänge have each', async () => {
    const page = await annaAt('/crm/admin/systemstatus');
    const table = page.getByRole('table', { name: 'Systemstatus' });
    await table.getByRole('row', { name: /Auftrag/ }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(5);
    await page.getByRole('tab', { name: 'Systemstatus', selected: true }).waitFor();
  });
});

describe('Custom statuses as anna.admin', () => {
  it('reorders the board columns and saves them as one change', async () => {
    const page = await annaAt('/crm/admin/custom-statuses');
    // The board order is shared by everyone: put it back as it was, whatever happens here.
    const api = apiOf(page, baseUrl);
    const { data } = await api.get<{ data: { id: number }[] }>('customStatus/getAllCustomStatus?perPage=500');
    onTestFinished(() => api.put('customStatus/reorder', { ids: data.map((status) => status.id) }));
    const board = page.getByRole('region', { name: 'Spalten der Kartenansicht' });
    const chips = board.locator('.MuiChip-root');
    await chips.first().waitFor();
    const before = await chips.allInnerTexts();
    await board.getByRole('button', { name: `${before[1]} nach vorne` }).click();
    await screenshotToLookAt(page, { path: 'test-results/admin-board-order.png' });
    await board.getByRole('button', { name: 'Reihenfolge speichern' }).click();
    await page.getByText('Die Reihenfolge der Kartenansicht ist gespeichert.').waitFor();
    await page.reload();
    await chips.first().waitFor();
    expect(await chips.allInnerTexts()).toEqual([before[1], before[0], ...before.slice(2)]);
    // The table follows the board order too.
    await expect.poll(() => page.locator('tbody tr td.column-name').first().innerText()).toBe(before[1]);
  });
});

describe('Hintergrundaufgaben as anna.admin', () => {
  it('lists a mail the outbox gave up on with its reason, and tries it again from there (phone)', async () => {
    // A mail whose last try failed, as the outbox leaves it: 'fehler' in the Postausgang, its job failed.
    const db = new pg.Client({ connectionString: productUnderTest().databaseUrl });
    await db.connect();
    onTestFinished(() => db.end());
    const jobId = randomUUID();
    const reason = `Der Mailserver ist nicht erreichbar (Test ${uniqueSuffix()}).`;
    const mailId = (
      await db.query<{ id: number }>(
        `INSERT INTO sent_mail (customer_id, sender_oid, sender_name, recipient, subject, body, status, error,
           attempts, job_id)
         SELECT id, 'oid-test', 'Test', 'kunde@example.at', 'Hallo', 'Text', 'fehler', $1, 3, $2
         FROM customer ORDER BY id LIMIT 1 RETURNING id`,
        [reason, jobId],
      )
    ).rows[0]!.id;
    await db.query(
      `INSERT INTO pgboss.job (id, name, data, state, retry_count, retry_limit, output, completed_on)
       VALUES ($1, 'mail.send', $2, 'failed', 2, 2, $3, now())`,
      [jobId, { mailId }, { message: reason }],
    );
    const page = await openSignedIn('anna.admin', '/crm/admin/hintergrundaufgaben', {
      width: 390,
      height: 844,
    });
    const card = page.getByTestId('fehlgeschlagene-aufgabe').filter({ hasText: `Mail Nr. ${mailId} ` });
    await card.getByText(`Grund: ${reason}`).waitFor();
    await card.getByText('3 Versuche').waitFor();
    await screenshotToLookAt(page, { path: 'test-results/admin-failed-jobs-phone.png' });
    // The same page at the desk's width (one session: resizing is cheaper than a second sign-in).
    await page.setViewportSize({ width: 1280, height: 800 });
    await card.getByText(`Grund: ${reason}`).waitFor();
    await screenshotToLookAt(page, { path: 'test-results/admin-failed-jobs-desk.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByRole('button', { name: 'Erneut versuchen' }).click();
    await page
      .getByText(`Mail Nr. ${mailId} im Postausgang): wird erneut versucht.`, { exact: false })
      .waitFor();
    await card.waitFor({ state: 'detached' });
    await screenshotToLookAt(page, { path: 'test-results/admin-failed-jobs-retried.png' });
    // One more try for the library, the mail waiting again for it (or already sent by it).
    const retried = await db.query<{ limit: number; status: string }>(
      `SELECT j.retry_limit AS limit, m.status FROM pgboss.job j JOIN sent_mail m ON m.job_id = j.id
       WHERE j.id = $1`,
      [jobId],
    );
    expect(retried.rows[0]!.limit).toBe(3);
    expect(['wartend', 'gesendet']).toContain(retried.rows[0]!.status);
    await page.context().close();
  });
});

describe('Admin-Verkauf as lena.leitung', () => {
  it('creates a product group and finds the goods groups', async () => {
    const page = await openSignedIn('lena.leitung', '/crm/admin-verkauf/product-groups');
    await page.getByRole('row', { name: /Haustüren/ }).waitFor();
    await page.getByRole('link', { name: 'Neu' }).click();
    const name = `Wintergärten ${uniqueSuffix()}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(`${baseUrl}/crm/admin-verkauf/product-groups`);
    await page.getByRole('row', { name }).waitFor();
    await page.getByRole('tab', { name: 'Warengruppen' }).click();
    await page.getByRole('row', { name: /WG100/ }).waitFor();
    await screenshotToLookAt(page, { path: 'test-results/admin-verkauf-goods-groups.png' });
    // Opened from a tab far to the right, the row of tabs starts at its first tab: every tab in view, none
    // scrolled away to the left.
    await page.getByRole('tab', { name: 'Filialen' }).click();
    await page
      .getByRole('row', { name: /Klagenfurt/ })
      .first()
      .waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin-Verkauf' });
    const bar = (await nav.boundingBox())!;
    for (const tab of await nav.getByRole('tab').all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x >= bar.x && box.x + box.width <= bar.x + bar.width, await tab.innerText()).toBe(true);
    }
    await page.context().close();
  });
});
