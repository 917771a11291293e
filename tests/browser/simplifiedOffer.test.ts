import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addCompanyDays, companyToday } from '../../src/config/companyTime';
import { openDatabase, type Database } from '../../server/platform/db/database';
import type { CustomerVorgang } from '../../src/resources/customers/vorgaenge/vorgangTypes';
import { apiOf } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
import { screenshotsWanted, screenshotToLookAt } from '../support/screenshotToLookAt';
import { sentTextOf } from '../support/outboxMail';
import { productUnderTest } from '../support/productUnderTest';

const { baseUrl, openSignedIn, openPage } = browserSession();
const PHONE = { width: 390, height: 844 };

/** The newest mail to `recipient` whose subject starts so, once the outbox sent it (the mail catcher keeps it). */
async function caughtMail(db: Database, recipient: string, subject: string) {
  let raw: string | null = null;
  await expect
    .poll(
      async () => {
        const { rows } = await sql<{ raw: string | null }>`SELECT raw_message AS raw FROM sent_mail
          WHERE recipient = ${recipient} AND subject LIKE ${`${subject}%`} AND status = 'gesendet'
          ORDER BY id DESC LIMIT 1`.execute(db);
        raw = rows[0]?.raw ?? null;
        return raw !== null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return raw! as string;
}

describe('Vereinfachtes Angebot as victor.verkauf', () => {
  it('makes the offer from a Vorgang, keeps a changed setting, and mails it with the PDF attached', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/kunden');
    const api = apiOf(page, baseUrl);
    // A demo customer with an Angebot (the ERP brings Belege; the CRM cannot make one).
    let found: { customerId: number; vorgang: CustomerVorgang } | undefined;
    for (let customerId = 1; customerId <= 120 && !found; customerId++) {
      const vorgaenge = await api
        .get<CustomerVorgang[]>(`kunde/getVorgaengeForCustomer/${customerId}`)
        .catch(() => []);
      const vorgang = vorgaenge.find((v) => v.belege.some((b) => b.belegType === 'angebot'));
      if (vorgang) found = { customerId, vorgang };
    }
    expect(found, 'ein Demo-Kunde mit Angebot').toBeDefined();
    const { customerId, vorgang } = found!;
    const angebot = vorgang.belege.find((b) => b.belegType === 'angebot')!;
    // The mail needs an address: the customer gets one of this test's own.
    const db = openDatabase(productUnderTest().databaseUrl, 2);
    // A consumer: the online offer shows the Widerruf and the seller a deadline.
    await sql`UPDATE customer SET customer_type = 'privat', version = version + 1 WHERE id = ${customerId}`.execute(
      db,
    );
    const customer = await api.get<{ version: number }>(`kunde/getSingleCustomer/${customerId}`);
    const email = `angebot.${Date.now()}@example.at`;
    await api.post('kunde/updateCustomerField', {
      id: customerId,
      version: customer.version,
      field: 'email',
      value: email,
    });
    // Start from the defaults, whatever an earlier run saved.
    const saved = await api.get<{ version: number }>('vorgang/getSimplifiedOfferUserConfiguration');
    await api.post('vorgang/saveSimplifiedOfferUserConfiguration', {
      showUnitPrices: true,
      showPositionTotals: true,
      showArticleNumbers: false,
      showZeroPositions: false,
      showDiscountLine: true,
      introTemplateId: null,
      closingTemplateId: null,
      signature: null,
      version: saved.version,
    });

    const openDialog = async () => {
      await page.goto(`${baseUrl}/crm/kunden/${customerId}/show`);
      await page.getByRole('tab', { name: 'Vorgänge' }).click();
      await page.getByRole('button', { name: new RegExp(vorgang.vorgangNumber) }).click();
      await page.getByRole('button', { name: 'Vereinfachtes Angebot' }).first().click();
      const dialog = page.getByRole('dialog', { name: `Vereinfachtes Angebot ${angebot.belegNumber}` });
      await dialog.waitFor();
      return dialog;
    };
    let dialog = await openDialog();
    // The preview is drawn in the page (pdf.js), every page of the PDF.
    await dialog
      .getByRole('img', { name: /^Vorschau des vereinfachten Angebots, Seite 1 von \d+$/ })
      .waitFor();
    const prices = dialog.getByRole('switch', { name: 'Einzelpreise zeigen' });
    await expect.poll(() => prices.isChecked()).toBe(true);
    const preview = page.waitForResponse((r) => r.url().includes('/api/pdf/pdfGen') && r.status() === 200);
    const save = page.waitForResponse((r) => r.url().includes('saveSimplifiedOfferUserConfiguration'));
    await prices.click();
    expect((await save).status()).toBe(200);
    expect((await preview).headers()['content-type']).toBe('application/pdf');
    await screenshotToLookAt(page, { path: 'test-results/vereinfachtes-angebot.png' });

    // Reloaded, the setting is still off.
    await page.reload();
    dialog = await openDialog();
    await expect
      .poll(() => dialog.getByRole('switch', { name: 'Einzelpreise zeigen' }).isChecked())
      .toBe(false);

    // By mail: the Postausgang shows the attachment.
    await dialog.getByRole('button', { name: 'Per E-Mail senden' }).click();
    const mail = page.getByRole('dialog', { name: /^E-Mail an/ });
    const fileName = `Angebot_${angebot.belegNumber}.pdf`;
    await mail.getByText(fileName).waitFor();
    await mail.getByRole('textbox', { name: 'Betreff' }).fill(`Ihr Angebot ${angebot.belegNumber}`);
    await mail
      .getByRole('textbox', { name: 'Text' })
      .fill('Sehr geehrte Damen und Herren, anbei Ihr Angebot.');
    await mail.getByRole('checkbox', { name: 'Online-Annahme ermöglichen' }).check();
    await mail.getByRole('button', { name: 'Senden' }).click();
    await page.getByText(`E-Mail an ${email} wird gesendet (Postausgang).`).waitFor();
    await page.context().close();

    try {
      // The customer, on a phone, opens the link from the mail catcher's mail.
      const offerMail = sentTextOf(await caughtMail(db, email, `Ihr Angebot ${angebot.belegNumber}`));
      const link = /https?:\/\/\S+\/angebot\/[A-Za-z0-9_-]{43}/.exec(offerMail)![0];
      const customerPage = await openPage(PHONE);
      await customerPage.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
      await customerPage.getByRole('heading', { name: /^Guten Tag/ }).waitFor();
      expect(await customerPage.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      await customerPage.getByRole('button', { name: 'Widerrufsbelehrung' }).waitFor();
      await customerPage.getByRole('button', { name: 'Angebot annehmen' }).click();
      const accept = customerPage.getByRole('region', { name: 'Angebot annehmen' });
      await accept.getByRole('textbox', { name: 'Ihr vollständiger Name' }).fill('Erika Mustermann');
      await accept.getByRole('checkbox', { name: /Widerrufsbelehrung gelesen/ }).check();
      await accept.getByRole('button', { name: 'Code per E-Mail anfordern' }).click();
      await accept.getByText(/Der Code ist unterwegs/).waitFor();
      const codeMail = sentTextOf(await caughtMail(db, email, 'Ihr Bestätigungscode'));
      const code = /lautet: (\d{6})/.exec(codeMail)![1]!;
      await accept.getByRole('textbox', { name: 'Code aus der E-Mail' }).fill(code);
      // The page fits the phone: nothing wider than the screen.
      const width = await customerPage.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
      await screenshotToLookAt(customerPage, { path: 'test-results/angebot-online-390.png', fullPage: true });
      await accept.getByRole('button', { name: 'Angebot verbindlich annehmen' }).click();
      await customerPage.getByRole('heading', { name: 'Vielen Dank – Angebot angenommen' }).waitFor();
      const deadline = addCompanyDays(companyToday('Europe/Vienna'), 14).split('-').reverse().join('.');
      await customerPage.getByText(`bis einschließlich ${deadline} widerrufen`).waitFor();
      await screenshotToLookAt(customerPage, { path: 'test-results/angebot-online-angenommen-390.png' });
      await customerPage.context().close();
      // The confirmation with the certified PDF.
      const confirmation = await caughtMail(db, email, 'Bestätigung Ihrer Annahme');
      expect(confirmation).toMatch(/filename=Angebot_.*_angenommen\.pdf/);

      // The seller sees it on the Vorgang at 1280 px: opened, accepted, the deadline and the todo.
      const seller = await openSignedIn('victor.verkauf', `/crm/vorgang/${vorgang.id}`);
      const panel = seller.getByRole('region', { name: 'Angebot online' });
      await panel.getByText('Angebot angenommen', { exact: true }).waitFor();
      await panel.getByText(/^1-mal, zuletzt/).waitFor();
      await panel.getByText(`bis ${deadline}`).waitFor();
      const history = panel.getByRole('list', { name: 'Verlauf des Angebots-Links' });
      await history
        .getByText(/Geöffnet/)
        .first()
        .waitFor();
      await history.getByText(/Angenommen – von Erika Mustermann/).waitFor();
      await screenshotToLookAt(seller, {
        path: 'test-results/angebot-online-verkaeufer-1280.png',
        fullPage: true,
      });
      // The Vorgang's history says it too, with who accepted.
      await seller.getByRole('tab', { name: 'Timeline' }).click();
      const timeline = seller.getByRole('list', { name: 'Timeline des Vorgangs' });
      await timeline
        .getByText(`Angebot online angenommen: ${angebot.belegNumber}`, { exact: false })
        .waitFor();
      await timeline.getByText('von Erika Mustermann').waitFor();
      await timeline.getByText(`Angebot online geöffnet: ${angebot.belegNumber}`, { exact: false }).waitFor();
      if (screenshotsWanted) {
        await timeline.getByText('von Erika Mustermann').scrollIntoViewIfNeeded();
        await screenshotToLookAt(seller, { path: 'test-results/angebot-online-timeline-1280.png' });
      }
      await seller.getByRole('tab', { name: 'Aktivitäten' }).click();
      await seller
        .getByText(/Annahme eingegangen – Auftrag im ERP anlegen/)
        .first()
        .waitFor();
      await seller.context().close();
    } finally {
      await db.destroy();
    }

    const admin = await openSignedIn('anna.admin', '/crm/admin/postausgang');
    await admin
      .getByText(new RegExp(`${fileName.replace(/\./g, '\\.')} \\(\\d+ kB\\)`))
      .first()
      .waitFor();
    await admin.context().close();
  });
});
