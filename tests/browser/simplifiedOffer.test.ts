import { describe, expect, it } from 'vitest';
import type { CustomerVorgang } from '../../src/resources/customers/vorgaenge/vorgangTypes';
import { apiOf } from '../support/browserApi';
import { browserSession } from '../support/browserSession';

const { baseUrl, openSignedIn } = browserSession();

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
    await page.screenshot({ path: 'test-results/vereinfachtes-angebot.png' });

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
    await mail.getByRole('button', { name: 'Senden' }).click();
    await page.getByText(`E-Mail an ${email} wird gesendet (Postausgang).`).waitFor();
    await page.context().close();

    const admin = await openSignedIn('anna.admin', '/crm/admin/postausgang');
    await admin
      .getByText(new RegExp(`${fileName.replace(/\./g, '\\.')} \\(\\d+ kB\\)`))
      .first()
      .waitFor();
    await admin.context().close();
  });
});
