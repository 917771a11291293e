import { sql } from 'kysely';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyToday } from '../../../src/config/companyTime';
import { makeSimplifiedOffer } from '../../../server/offerPdf/simplifiedOffer';
import type { BodyOf } from '../../../src/api/endpoint';
import { getTimelineForCustomer } from '../../../src/resources/customers/timeline/timeline.endpoints';
import { sendMailToCustomer } from '../../../src/resources/mail/mail.endpoints';
import { mailWhenSent } from '../../support/outboxMail';
import {
  getSimplifiedOfferUserConfiguration,
  saveSimplifiedOfferUserConfiguration,
} from '../../../src/resources/offerPdf/offerPdf.endpoints';
import sentMailEntity from '../../../src/resources/mail/sentMail.entity';
import { entityCalls } from '../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';
import { createOfferFixture, type FixturePosition } from './offerFixture';
import { pdfPages } from './pdfText';

const SELLER = ['APP_KUNDE'];
// Formatted here on purpose, not with the app's helper: the test states what the customer must read.
const euro = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' })
    .format(cents / 100)
    .replace(/\u00a0/g, ' ');
const today = (zone: string) => companyToday(zone).split('-').reverse().join('.');
const SETTINGS = {
  showUnitPrices: true,
  showPositionTotals: true,
  showArticleNumbers: false,
  showZeroPositions: false,
  showDiscountLine: true,
  introTemplateId: null,
  closingTemplateId: null,
  signature: null,
};

describe('Vereinfachtes Angebot', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createOfferFixture>>;

  const pdf = async (belegId: number, settings?: object, groups = SELLER) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/pdf/pdfGen',
      headers: { authorization: `Bearer ${await t.tokenFor(groups)}` },
      payload: { belegId, ...(settings ? { settings } : {}) },
    });
    return response;
  };
  const textOf = async (belegId: number, settings?: object) => {
    const response = await pdf(belegId, settings);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return pdfPages(response.rawPayload);
  };

  beforeAll(async () => {
    t = await createTestApp();
    fixture = await createOfferFixture(t.db, 'T20');
  });
  afterAll(() => t.close());

  it('prints all 40 positions over several pages, each page with the table header and "Seite x von y"', async () => {
    const pages = await textOf(fixture.belegId, SETTINGS);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, index) => {
      expect(page).toContain(`Seite ${index + 1} von ${pages.length}`);
      expect(page).toContain('Strussnig Fenster & Türen GmbH');
      expect(page).toContain('UID ATU12345678');
    });
    const withPositions = pages.filter((page) => page.includes('Größe'));
    expect(withPositions.length).toBeGreaterThanOrEqual(2);
    for (const page of withPositions)
      expect(page).toMatch(/Pos\.\s+Bezeichnung\s+Menge\s+Einheit\s+Einzelpreis\s+Gesamt/);
    const all = pages.join('\n');
    const shown = (p: FixturePosition) => p.totalCents > 0;
    for (const position of fixture.positions.filter(shown)) {
      const text = position.customDescription ?? position.description;
      expect(all, `Position ${position.posNr}`).toContain(text);
      expect(all).toContain(euro(position.unitPriceCents));
      expect(all).toContain(euro(position.totalCents));
    }
    // An own text replaces the ERP's text.
    expect(all).not.toContain('Größe 4 –');
    // The position at 0 € is left out, the discount is one line above the totals.
    expect(all).not.toContain('Größe 7 –');
    expect(all).not.toContain('Nachlass Aktion Frühjahr');
    expect(all).toMatch(new RegExp(`Nachlass\\s+${euro(-25_000).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(all).toContain(`Summe netto ${euro(fixture.netCents)}`);
    expect(all).toContain(`zzgl. 20 % USt. ${euro(Math.round(fixture.netCents * 0.2))}`);
    expect(all).toContain(
      `Gesamtsumme brutto ${euro(fixture.netCents + Math.round(fixture.netCents * 0.2))}`,
    );
    // Letterhead: customer, Endkunde, date of the company's day, numbers, the Vorgang's seller.
    expect(pages[0]).toContain('Frau Jürgen-Özil Größmann T20');
    expect(pages[0]).toContain('Klagenfurt am Wörthersee');
    expect(pages[0]).toContain('Bauherr Müßig');
    expect(pages[0]).toContain(today('Europe/Vienna'));
    expect(pages[0]).toContain('AN-T20');
    expect(pages[0]).toContain('V-T20');
    expect(pages[0]).toContain('Vera Väth');
    expect(pages[0]).toContain('Sehr geehrte Frau Größmann T20,');
    expect(all).toContain('Mit freundlichen Grüßen');
  });

  it('addresses a company and its contact person without "Firma <person>", the seller\'s phone formatted', async () => {
    const company = await createOfferFixture(t.db, 'K22', 3);
    await sql`UPDATE customer SET salutation = 'Firma', first_name = 'Nika', last_name = 'Koczulla',
                company_name = 'Koczulla Bau GmbH' WHERE id = ${company.customerId}`.execute(t.db);
    await sql`UPDATE app_user SET phone = '0664/1234567'
              WHERE id = (SELECT seller_user_id FROM vorgang WHERE id = ${company.vorgangId})`.execute(t.db);
    const [first] = await textOf(company.belegId, SETTINGS);
    expect(first).toMatch(/Koczulla Bau GmbH\s+Nika Koczulla\s+Hauptstraße 12/);
    expect(first).not.toContain('Firma Nika');
    expect(first).toContain('Sehr geehrte Damen und Herren,');
    expect(first).toContain('+43 664 1234567');
    expect(first).not.toContain('0664/1234567');
    // A contact person with a personal Anrede keeps it.
    await sql`UPDATE customer SET salutation = 'Frau' WHERE id = ${company.customerId}`.execute(t.db);
    expect((await textOf(company.belegId, SETTINGS))[0]).toMatch(/Koczulla Bau GmbH\s+Frau Nika Koczulla/);
  });

  it('leaves hidden prices out, shows article numbers and 0-€ positions when asked', async () => {
    const pages = await textOf(fixture.belegId, {
      ...SETTINGS,
      showUnitPrices: false,
      showPositionTotals: false,
      showArticleNumbers: true,
      showZeroPositions: true,
      showDiscountLine: false,
    });
    const all = pages.join('\n');
    expect(all).not.toContain('Einzelpreis');
    for (const position of fixture.positions.filter((p) => p.posNr !== 40 && p.totalCents > 0)) {
      expect(all).not.toContain(euro(position.unitPriceCents));
      expect(all).not.toContain(euro(position.totalCents));
    }
    expect(all).toContain('Art.-Nr. ART-12');
    expect(all).toContain('Größe 7 –');
    expect(all).toContain('Nachlass Aktion Frühjahr');
    expect(all).toContain(`Summe netto ${euro(fixture.netCents)}`);
  });

  it('remembers the settings per seller: 409 on a stale version, 400 for a template not theirs', async () => {
    const me = await t.callEndpoint(SELLER, getSimplifiedOfferUserConfiguration);
    expect(me.result).toMatchObject({ ...SETTINGS, version: 0 });
    const save = (body: BodyOf<typeof saveSimplifiedOfferUserConfiguration>) =>
      t.callEndpoint(SELLER, saveSimplifiedOfferUserConfiguration, { body });
    const saved = await save({
      ...SETTINGS,
      showUnitPrices: false,
      signature: '  Herzliche Grüße  ',
      version: 0,
    });
    expect(saved.status).toBe(200);
    expect(saved.result).toMatchObject({
      showUnitPrices: false,
      signature: 'Herzliche Grüße',
      version: 1,
    });
    const stale = await save({ ...SETTINGS, version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(/^Die Einstellungen wurden inzwischen von Test Person geändert\./);
    const badTemplate = await save({ ...SETTINGS, introTemplateId: 999_999, version: 1 });
    expect(badTemplate.status).toBe(400);
    expect(badTemplate.errors).toHaveProperty('introTemplateId');
    // A raw call: a value of the wrong type, which the declaration's types do not allow.
    const badType = await t.callAs(SELLER, {
      method: 'POST',
      url: `/api/${saveSimplifiedOfferUserConfiguration.path}`,
      payload: { ...SETTINGS, showUnitPrices: 'vielleicht', version: 1 },
    });
    expect(badType.status).toBe(400);
    const again = await t.callEndpoint(SELLER, getSimplifiedOfferUserConfiguration);
    expect(again.result).toMatchObject({
      showUnitPrices: false,
      signature: 'Herzliche Grüße',
      version: 1,
    });

    // The saved settings make the PDF when the preview sends none.
    const all = (await textOf(fixture.belegId)).join('\n');
    expect(all).not.toContain('Einzelpreis');
    expect(all).toContain('Herzliche Grüße');
  });

  it('fills the intro from a text template with the customer and the company day', async () => {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO text_template (name, subject, body) VALUES ('Angebot Einleitung T20', 'Ihr Angebot',
        '{{Anrede}} {{Name}}, anbei Ihr Angebot zu {{Vorgang}} vom {{Datum}}.') RETURNING id`.execute(t.db);
    const all = (await textOf(fixture.belegId, { ...SETTINGS, introTemplateId: rows[0]!.id })).join('\n');
    expect(all).toContain(
      `Sehr geehrte Frau Größmann T20, anbei Ihr Angebot zu V-T20 (Fenstertausch Einfamilienhaus Süd) vom ${today('Europe/Vienna')}.`,
    );
  });

  it("prints the ERP's totals where they differ from the positions", async () => {
    const other = await createOfferFixture(t.db, 'ERP', 5);
    await sql`UPDATE beleg SET net_cents = net_cents + 1000, gross_cents = gross_cents + 1200
              WHERE id = ${other.belegId}`.execute(t.db);
    const all = (await textOf(other.belegId, SETTINGS)).join('\n');
    expect(all).toContain(`Summe netto ${euro(other.netCents + 1000)}`);
    expect(all).toContain(
      `Gesamtsumme brutto ${euro(other.netCents + Math.round(other.netCents * 0.2) + 1200)}`,
    );
  });

  it('refuses other Belege than an Angebot (400), unknown ones (404) and callers without APP_KUNDE (403)', async () => {
    await sql`UPDATE beleg SET beleg_type = 'rechnung' WHERE beleg_number = 'AN-ERP'`.execute(t.db);
    const { rows } = await sql<{ id: number }>`SELECT id FROM beleg WHERE beleg_number = 'AN-ERP'`.execute(
      t.db,
    );
    const invoice = await pdf(rows[0]!.id, SETTINGS);
    expect(invoice.statusCode).toBe(400);
    expect(invoice.json().result.message).toMatch(/nur zu einem Angebot/);
    expect((await pdf(999_999, SETTINGS)).statusCode).toBe(404);
    expect((await pdf(fixture.belegId, SETTINGS, ['APP_NPS'])).statusCode).toBe(403);
  });

  it("prints Rekord's letterhead with 19 % USt. for the German tenant", async () => {
    await sql`DELETE FROM global_settings`.execute(t.db);
    await sql`UPDATE app_user SET email = 'vera.vaeth-mustermann@rekord-fenster.de'
              WHERE azure_oid = 'oid-seller-T20'`.execute(t.db);
    const offer = await makeSimplifiedOffer(
      { db: t.db, tenantId: 'rekord', timeZone: 'Europe/Berlin', log: { warn: () => undefined } },
      { oid: 'oid-rekord', tid: 't', name: 'Rudi Rekord', username: 'rudi', groups: SELLER },
      fixture.belegId,
      SETTINGS,
    );
    // OFFER_PDF_OUT=/tmp/x.pdf keeps the PDF to look at (pdftoppm).
    if (process.env.OFFER_PDF_OUT) await writeFile(process.env.OFFER_PDF_OUT, offer.pdf);
    const pages = await pdfPages(offer.pdf);
    expect(pages[0]).toContain('Rekord-Fenster GmbH');
    expect(pages[0]).toContain('Landsberger Straße 302');
    expect(pages[0]).toContain('Österreich');
    // Germany calls the VAT number "USt-IdNr." (Austria "UID"), on every page's footer.
    expect(pages.every((page) => page.includes('USt-IdNr. DE123456789'))).toBe(true);
    expect(pages.join('\n')).not.toContain('UID ');
    // The seller's e-mail stays on one line (it broke after "rekord-"): one run of text, no space in it.
    expect(pages[0]).toContain('vera.vaeth-mustermann@rekord-fenster.de');
    // The fixture's ERP gross is 20 %: the ERP's amount is printed, not labelled with Rekord's 19 %.
    expect(pages.join('\n')).toContain(`zzgl. USt. ${euro(Math.round(fixture.netCents * 0.2))}`);
    await sql`UPDATE beleg SET gross_cents = net_cents + round(net_cents * 0.19) WHERE id = ${fixture.belegId}`.execute(
      t.db,
    );
    const german = await makeSimplifiedOffer(
      { db: t.db, tenantId: 'rekord', timeZone: 'Europe/Berlin', log: { warn: () => undefined } },
      { oid: 'oid-rekord', tid: 't', name: 'Rudi Rekord', username: 'rudi', groups: SELLER },
      fixture.belegId,
      SETTINGS,
    );
    expect((await pdfPages(german.pdf)).join('\n')).toContain(
      `zzgl. 19 % USt. ${euro(Math.round(fixture.netCents * 0.19))}`,
    );
    await sql`UPDATE beleg SET gross_cents = net_cents + round(net_cents * 0.2) WHERE id = ${fixture.belegId}`.execute(
      t.db,
    );
  });

  it('sends the offer as a mail attachment through the outbox, made when it leaves; the Postausgang names the file', async () => {
    await sql`INSERT INTO global_settings (id, mail_sender_address, mail_sender_name)
              VALUES (1, 'verkauf@strussnig.at', 'Strussnig Verkauf')
              ON CONFLICT (id) DO UPDATE SET mail_sender_address = excluded.mail_sender_address`.execute(
      t.db,
    );
    // Mails go only to addresses on record: the fixture's customer has this one.
    await sql`UPDATE customer SET email = 'kunde@example.at' WHERE id = ${fixture.customerId}`.execute(t.db);
    const sent = await t.callEndpoint(SELLER, sendMailToCustomer, {
      body: {
        customerId: fixture.customerId,
        to: 'kunde@example.at',
        subject: 'Ihr Angebot',
        body: 'Anbei Ihr Angebot.',
        simplifiedOfferBelegId: fixture.belegId,
      },
    });
    expect(sent.status, JSON.stringify(sent)).toBe(200);
    const { rows } = await sql<{ attachments: string; vorgangId: number }>`
      SELECT attachments, vorgang_id AS "vorgangId" FROM sent_mail WHERE id = ${sent.result.id}`.execute(
      t.db,
    );
    expect(rows[0]).toMatchObject({ vorgangId: fixture.vorgangId });
    expect(rows[0]!.attachments).toMatch(/^Angebot_AN-T20\.pdf \(\d+ kB\)$/);
    // Queued with the offer's reference only; the outbox makes the PDF and sends it once, attached.
    const { rows: queued } = await sql<{ source: { kind: string; belegId: number }; size: number }>`
      SELECT attachment_source AS source, octet_length(attachment_source::text) AS size
      FROM sent_mail WHERE id = ${sent.result.id}`.execute(t.db);
    expect(queued[0]!.source).toMatchObject({ kind: 'simplifiedOffer', belegId: fixture.belegId });
    expect(queued[0]!.size).toBeLessThan(500);
    const left = await mailWhenSent(t.db, sent.result.id);
    expect(left).toMatchObject({ status: 'gesendet', attempts: 1 });
    expect(left.raw).toMatch(/^Content-Type: application\/pdf; name=Angebot_AN-T20\.pdf$/m);
    expect(left.raw).toMatch(
      /^Content-Disposition: attachment; filename=Angebot_AN-T20\.pdf\r?\n\r?\nJVBERi0/m,
    );
    expect(left.attachments).toMatch(/^Angebot_AN-T20\.pdf \(\d+ kB\)$/);
    const outbox = await resultOf(entityCalls(t, sentMailEntity).list(['APP_ADMIN']));
    expect(JSON.stringify(outbox)).toContain('Angebot_AN-T20.pdf');
    const timeline = await t.callEndpoint(SELLER, getTimelineForCustomer, {
      params: { id: fixture.customerId },
      query: {},
    });
    expect(JSON.stringify(timeline.result)).toMatch(/"attachments":"Angebot_AN-T20\.pdf \(\d+ kB\)"/);

    const other = await createOfferFixture(t.db, 'FREMD', 3);
    const foreign = await t.callEndpoint(SELLER, sendMailToCustomer, {
      body: {
        customerId: fixture.customerId,
        to: 'kunde@example.at',
        subject: 'Ihr Angebot',
        body: 'Anbei.',
        simplifiedOfferBelegId: other.belegId,
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.errors).toHaveProperty('simplifiedOfferBelegId');
  });
});
