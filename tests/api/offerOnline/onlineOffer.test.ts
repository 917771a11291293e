import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyDays, companyToday } from '../../../src/config/companyTime';
import { getTimelineForCustomer } from '../../../src/resources/customers/timeline/timeline.endpoints';
import { sendMailToCustomer } from '../../../src/resources/mail/mail.endpoints';
import { getTimelineForVorgang } from '../../../src/resources/vorgaenge/vorgang.endpoints';
import {
  getLegalTexts,
  getOfferLinkPdf,
  getVorgangOfferLinks,
  saveLegalText,
  withdrawOfferLink,
} from '../../../src/resources/offerOnline/offerOnline.endpoints';
import { eraseCustomerData } from '../../../src/resources/privacy/privacy.endpoints';
import { mailWhenSent, sentTextOf } from '../../support/outboxMail';
import type { ResultOf } from '../../../src/api/endpoint';
import { getPublicOffer, requestOfferCode } from '../../../src/resources/offerOnline/publicOffer.endpoints';
import { createTestApp, PUBLIC_URL, resultOf, type TestApp } from '../../support/testApp';
import { createOfferFixture } from '../offerPdf/offerFixture';
import { pdfPages } from '../offerPdf/pdfText';
import { minuteWaitTimeout, withinOneMinute } from '../../support/freshMinute';

const SELLER = ['APP_KUNDE'];
const ADMIN = ['APP_ADMIN'];
type Row = Record<string, unknown>;
type Fixture = Awaited<ReturnType<typeof createOfferFixture>>;
const INVALID = /Dieser Angebots-Link ist nicht mehr gültig/;

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The attachment of a rendered mail (base64 after its headers), as the customer's mail program saves it. */
function attachmentOf(raw: string): Buffer {
  const start = raw.search(/^Content-Disposition: attachment;/m);
  expect(start).toBeGreaterThan(0);
  const afterHeaders = raw.slice(start).split(/\r?\n\r?\n/)[1]!;
  return Buffer.from(afterHeaders.split(/\r?\n--/)[0]!.replace(/\s/g, ''), 'base64');
}

describe('Angebot online: link, public page, code, acceptance with evidence', () => {
  let t: TestApp;
  let consumer: Fixture;
  let business: Fixture;
  let ip = 1;
  // Each test calls from its own address: the 'publicLink' limit counts per address and route.
  const nextIp = () => `10.55.0.${ip++}`;

  // By path: the tests also send what the declarations refuse to type (a garbled reason, a broken link).
  const publicCall = (method: 'GET' | 'POST', path: string, payload?: Row, from = '10.55.1.1') =>
    t.callAs({ from }, { method, url: `/api/angebot/${path}`, payload });

  async function sendOnline(fixture: Fixture, email: string) {
    await sql`UPDATE customer SET email = ${email} WHERE id = ${fixture.customerId}`.execute(t.db);
    const sent = await t.callEndpoint(SELLER, sendMailToCustomer, {
      body: {
        customerId: fixture.customerId,
        to: email,
        subject: 'Ihr Angebot',
        body: 'Anbei Ihr Angebot.',
        simplifiedOfferBelegId: fixture.belegId,
        onlineOffer: true,
      },
    });
    expect(sent.status).toBe(200);
    const mail = await mailWhenSent(t.db, sent.result.id);
    expect(mail.status).toBe('gesendet');
    const text = sentTextOf(mail.raw!);
    const token = /\/angebot\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;
    return { token, mailId: sent.result.id, raw: mail.raw!, kept: mail.body };
  }

  /** Asks for a code and reads it from the second mail, as the customer does. */
  async function codeFor(token: string, from = nextIp()) {
    await resultOf(t.callEndpoint({ from }, requestOfferCode, { params: { token } }));
    const { rows } = await sql<{ id: number }>`SELECT id FROM sent_mail
      WHERE subject LIKE 'Ihr Bestätigungscode%' ORDER BY id DESC LIMIT 1`.execute(t.db);
    const mail = await mailWhenSent(t.db, rows[0]!.id);
    // The Postausgang keeps the mail without the code.
    expect(mail.body).toContain('[Bestätigungscode]');
    return /lautet: (\d{6})/.exec(sentTextOf(mail.raw!))![1]!;
  }

  const pageOf = (token: string) =>
    resultOf(t.callEndpoint({ from: nextIp() }, getPublicOffer, { params: { token } }));

  const acceptBody = (page: Awaited<ReturnType<typeof pageOf>>, code: string) => ({
    name: 'Jürgen Größmann',
    confirmed: true,
    code,
    agbVersionId: page.agb.id,
    widerrufVersionId: page.widerruf?.id ?? null,
    formularVersionId: page.formular?.id ?? null,
  });

  beforeAll(async () => {
    t = await createTestApp();
    await sql`INSERT INTO global_settings (id, company_name, mail_sender_address, mail_sender_name)
              VALUES (1, 'Strussnig Fenster', 'verkauf@strussnig.at', 'Strussnig Verkauf')
              ON CONFLICT (id) DO UPDATE SET mail_sender_address = excluded.mail_sender_address,
                company_name = excluded.company_name`.execute(t.db);
    consumer = await createOfferFixture(t.db, 'ON1', 3);
    business = await createOfferFixture(t.db, 'ON2', 3);
    await sql`UPDATE customer SET customer_type = 'gewerbe', company_name = 'Bau GmbH'
              WHERE id = ${business.customerId}`.execute(t.db);
  });
  afterAll(() => t.close());

  it('mails the link (masked in the Postausgang) with the kept PDF; opening counts; a consumer sees the Widerruf', async () => {
    const sent = await sendOnline(consumer, 'kunde.on1@example.at');
    expect(sent.kept).toContain('[persönlicher Angebots-Link]');
    expect(sent.kept).not.toContain('/angebot/');
    expect(sentTextOf(sent.raw)).toContain(`${PUBLIC_URL}/angebot/${sent.token}`);
    const { rows } =
      await sql<Row>`SELECT token_hash, pdf_sha256, state, open_count, valid_until::text AS until
      FROM offer_link WHERE sent_mail_id = ${sent.mailId}`.execute(t.db);
    expect(rows[0]).toMatchObject({ state: 'offen', open_count: 0 });
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(sent.token).digest('hex'));
    // The fingerprint kept is that of the very file the customer got attached.
    expect(rows[0]!.pdf_sha256).toBe(sha(attachmentOf(sent.raw)));
    expect(rows[0]!.until).toBe(addCompanyDays(companyToday('Europe/Vienna'), 30));

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/angebot/${sent.token}`,
      remoteAddress: nextIp(),
    });
    expect(response.headers['x-robots-tag']).toContain('noindex');
    const page: ResultOf<typeof getPublicOffer> = response.json().result;
    expect(page).toMatchObject({ belegNumber: 'AN-ON1', consumer: true, maskedEmail: 'k***@example.at' });
    expect(page.widerruf?.body).toContain('Widerrufsbelehrung');
    expect(page.agb.body).toContain('Muster – vor Verwendung rechtlich prüfen lassen');
    // Nothing of another customer or offer is reachable from the link.
    expect(JSON.stringify(page)).not.toMatch(/ON2|Bau GmbH|K-ON1|Hauptstraße/);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/angebot/${sent.token}/pdf`,
      remoteAddress: nextIp(),
    });
    expect(pdf.statusCode).toBe(200);
    expect(sha(pdf.rawPayload)).toBe(rows[0]!.pdf_sha256);
    await pageOf(sent.token);
    const links = await t.callEndpoint(SELLER, getVorgangOfferLinks, { params: { id: consumer.vorgangId } });
    expect(links.result.links[0]).toMatchObject({ openCount: 2, state: 'offen' });
    expect(links.result.links[0]!.events.map((e) => e.kind)).toEqual(['gesendet', 'geoeffnet', 'geoeffnet']);
  });

  it('accepts with name, confirmation and code: evidence, certified PDF by mail, todo, Widerruf deadline', async () => {
    const { token, raw } = await sendOnline(consumer, 'kunde.on1@example.at');
    const page = await pageOf(token);
    const missing = await publicCall('POST', `${token}/annehmen`, { code: '12' }, nextIp());
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.errors ?? {})).toEqual(['name', 'confirmed', 'code']);

    // Six digits before any code was mailed: the customer is told to ask for one, not that it expired.
    const early = await publicCall('POST', `${token}/annehmen`, acceptBody(page, '123456'), nextIp());
    expect(early.status).toBe(400);
    expect(early.errors?.code).toBe('Bitte fordern Sie zuerst einen Code per E-Mail an.');

    const code = await codeFor(token);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await publicCall('POST', `${token}/annehmen`, acceptBody(page, wrong), nextIp());
    expect(refused.status).toBe(400);
    expect(refused.errors?.code).toMatch(/stimmt nicht/);

    const from = nextIp();
    const accepted = await t.callAs(
      { from },
      {
        method: 'POST',
        url: `/api/angebot/${token}/annehmen`,
        payload: acceptBody(page, code),
        headers: { 'user-agent': 'Testbrowser/1.0 (iPhone)' },
      },
    );
    expect(accepted.status).toBe(200);
    const deadline = addCompanyDays(companyToday('Europe/Vienna'), 14);
    expect(accepted.result).toEqual({ widerrufUntil: deadline });

    // The ids the checks below follow; the other columns are compared as they come.
    const { rows } = await sql<
      Row & { offer_link_id: number; confirmation_mail_id: number }
    >`SELECT a.*, l.state,
        l.pdf_sha256 AS sent_sha FROM offer_acceptance a
      JOIN offer_link l ON l.id = a.offer_link_id WHERE l.token_hash = ${sha(Buffer.from(token))}`.execute(
      t.db,
    );
    const evidence = rows[0]!;
    expect(evidence).toMatchObject({
      state: 'angenommen',
      signer_name: 'Jürgen Größmann',
      ip: from,
      user_agent: 'Testbrowser/1.0 (iPhone)',
      code_email: 'kunde.on1@example.at',
      consumer: true,
      agb_version_id: page.agb.id,
      widerruf_version_id: page.widerruf!.id,
      time_zone: 'Europe/Vienna',
    });
    // The evidence names the file the customer was mailed.
    expect(evidence.pdf_sha256).toBe(sha(attachmentOf(raw)));

    // The Änderungsverlauf of the Vorgang keeps the same facts.
    const { rows: history } = await sql<{ changes: Record<string, { new: unknown }> }>`SELECT changes
      FROM change_record WHERE area = 'angebot-online' AND record_id = ${evidence.offer_link_id}
        AND vorgang_id = ${consumer.vorgangId} AND changes ? 'signerName'`.execute(t.db);
    expect(history).toHaveLength(1);
    expect(history[0]!.changes.pdfSha256!.new).toBe(evidence.pdf_sha256);
    expect(history[0]!.changes.ip!.new).toBe(from);
    expect(history[0]!.changes.widerrufUntil!.new).toBe(deadline);
    expect(history[0]!.changes.acceptedLocal!.new).toMatch(/\(Europe\/Vienna\)$/);

    const confirmation = await mailWhenSent(t.db, evidence.confirmation_mail_id);
    expect(confirmation.status).toBe('gesendet');
    expect(confirmation.attachments).toMatch(/^Angebot_AN-ON1_angenommen\.pdf/);
    // The link dies with the acceptance: the consumer keeps the Widerruf texts shown in this mail.
    const shown = await t.db
      .selectFrom('legal_text_version')
      .select(['kind', 'body'])
      .where('id', 'in', [page.widerruf!.id, page.formular!.id])
      .execute();
    expect(shown).toHaveLength(2);
    for (const text of shown) expect(confirmation.body).toContain(text.body);
    expect(confirmation.body).not.toContain('auf der Angebotsseite');
    const certified = attachmentOf(confirmation.raw!);
    expect(sha(certified)).toBe(evidence.certified_sha256);
    const pages = await pdfPages(certified);
    const last = pages.at(-1)!;
    expect(last).toContain('Annahmebestätigung');
    expect(last).toContain('Jürgen Größmann');
    expect(last).toContain(from);
    expect(last).toContain(String(evidence.pdf_sha256).slice(0, 20));
    expect(last).toContain('kunde.on1@example.at');
    expect(pages.length).toBe((await pdfPages(attachmentOf(raw))).length + 1);

    const { rows: todos } = await sql<Row>`SELECT note, done, user_id FROM activity
      WHERE vorgang_id = ${consumer.vorgangId} AND note LIKE 'Annahme eingegangen%'`.execute(t.db);
    expect(todos).toHaveLength(1);
    expect(todos[0]).toMatchObject({ done: false });
    expect(todos[0]!.user_id).not.toBeNull();
    const { rows: bell } = await sql<Row>`SELECT title FROM notification
      WHERE vorgang_id = ${consumer.vorgangId}`.execute(t.db);
    expect(bell.map((n) => n.title)).toContain('Annahme eingegangen – Auftrag im ERP anlegen');
    // The ERP's order state stays the ERP's.
    const { rows: vorgang } =
      await sql<Row>`SELECT system_status FROM vorgang WHERE id = ${consumer.vorgangId}`.execute(t.db);
    expect(vorgang[0]!.system_status).toBe('angebot');

    const panel = await t.callEndpoint(SELLER, getVorgangOfferLinks, { params: { id: consumer.vorgangId } });
    expect(panel.result.links[0]!.acceptance).toMatchObject({
      widerrufUntil: deadline,
      signerName: 'Jürgen Größmann',
    });
    const kept = await t.app.inject({
      method: 'GET',
      url: `/api/${getOfferLinkPdf.path.replace(':id', String(panel.result.links[0]!.id))}`,
      headers: { authorization: `Bearer ${await t.tokenFor(SELLER)}` },
    });
    expect(sha(kept.rawPayload)).toBe(evidence.certified_sha256);

    // A second acceptance and the replayed code find a dead link: the same answer as any bad link.
    const again = await publicCall('POST', `${token}/annehmen`, acceptBody(page, code), nextIp());
    expect(again.status).toBe(404);
    expect(again.message).toMatch(INVALID);
    expect((await publicCall('GET', token, undefined, nextIp())).status).toBe(404);
  });

  it('a code works once, for its own link only, and dies after five wrong tries', async () => {
    const first = await sendOnline(consumer, 'kunde.on1@example.at');
    const page = await pageOf(first.token);
    const code = await codeFor(first.token);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const refused = await publicCall('POST', `${first.token}/annehmen`, acceptBody(page, wrong), nextIp());
      expect(refused.status).toBe(400);
    }
    // The right code after five wrong ones: dead too, a new one is needed.
    const late = await publicCall('POST', `${first.token}/annehmen`, acceptBody(page, code), nextIp());
    expect(late.status).toBe(400);
    expect(late.errors?.code).toMatch(/neuen Code/);
    const { rows } = await sql<Row>`SELECT code_hash FROM offer_code ORDER BY id DESC LIMIT 1`.execute(t.db);
    expect(rows[0]!.code_hash).not.toContain(code);

    // A code of one link does not accept another (a newer offer replaced the first link).
    const fresh = await codeFor(first.token);
    const second = await sendOnline(consumer, 'kunde.on1@example.at');
    const secondPage = await pageOf(second.token);
    const foreign = await publicCall(
      'POST',
      `${second.token}/annehmen`,
      acceptBody(secondPage, fresh),
      nextIp(),
    );
    expect(foreign.status).toBe(400);
    // The replaced link is dead.
    expect((await publicCall('GET', first.token, undefined, nextIp())).status).toBe(404);
  });

  it('a business customer sees no Widerruf and gets no deadline', async () => {
    const { token } = await sendOnline(business, 'einkauf@bau.example');
    const page = await pageOf(token);
    expect(page).toMatchObject({ consumer: false, widerruf: null, formular: null });
    const code = await codeFor(token);
    const accepted = await publicCall('POST', `${token}/annehmen`, acceptBody(page, code), nextIp());
    expect(accepted.status).toBe(200);
    expect(accepted.result).toEqual({ widerrufUntil: null });
    const { rows } =
      await sql<Row>`SELECT consumer, widerruf_until, widerruf_version_id FROM offer_acceptance a
      JOIN offer_link l ON l.id = a.offer_link_id WHERE l.customer_id = ${business.customerId}`.execute(t.db);
    expect(rows[0]).toEqual({ consumer: false, widerruf_until: null, widerruf_version_id: null });
    const { rows: mails } = await sql<{ body: string }>`SELECT body FROM sent_mail
      WHERE recipient = 'einkauf@bau.example' AND subject LIKE 'Bestätigung Ihrer Annahme%'`.execute(t.db);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).not.toContain('Widerruf');
  });

  it('withdrawn and expired links get the same friendly 404; questions and declines reach the seller', async () => {
    const withdrawn = await sendOnline(consumer, 'kunde.on1@example.at');
    const panel = await t.callEndpoint(SELLER, getVorgangOfferLinks, { params: { id: consumer.vorgangId } });
    const done = await t.callEndpoint(SELLER, withdrawOfferLink, {
      params: { id: panel.result.links[0]!.id },
    });
    expect(done.status).toBe(200);
    const gone = await publicCall('GET', withdrawn.token, undefined, nextIp());
    expect(gone.status).toBe(404);
    expect(gone.message).toMatch(INVALID);
    const twice = await t.callEndpoint(SELLER, withdrawOfferLink, {
      params: { id: panel.result.links[0]!.id },
    });
    expect(twice.status).toBe(409);

    const expired = await sendOnline(consumer, 'kunde.on1@example.at');
    await sql`UPDATE offer_link SET valid_until = current_date - 1
              WHERE token_hash = ${sha(Buffer.from(expired.token))}`.execute(t.db);
    const late = await publicCall('GET', expired.token, undefined, nextIp());
    expect(late.status).toBe(404);
    expect(late.message).toBe(gone.message);
    const guessed = await publicCall('GET', 'x'.repeat(43), undefined, nextIp());
    expect(guessed.message).toBe(gone.message);
    // A link a mail program ran together with the next words is an unknown link; a broken one is refused by the
    // router, still German and in the envelope.
    const runTogether = await publicCall(
      'GET',
      `${expired.token}Mitfreundlichen${'x'.repeat(60)}`,
      undefined,
      nextIp(),
    );
    expect(runTogether.status).toBe(404);
    expect(runTogether.message).toBe(gone.message);
    const broken = await publicCall('GET', '%E0%A4%A', undefined, nextIp());
    expect(broken.status).toBe(400);
    expect(broken.message).toBe('Diese Adresse ist ungültig oder zu lang.');

    const open = await sendOnline(consumer, 'kunde.on1@example.at');
    const asked = await publicCall(
      'POST',
      `${open.token}/rueckfrage`,
      { message: 'Geht auch Anthrazit?' },
      nextIp(),
    );
    expect(asked.status).toBe(200);
    const empty = await publicCall('POST', `${open.token}/rueckfrage`, { message: ' ' }, nextIp());
    expect(empty.status).toBe(400);
    // A reason that is no text is refused at the field, not taken as "no reason": the link stays open.
    const garbled = await publicCall('POST', `${open.token}/ablehnen`, { reason: { x: 1 } }, nextIp());
    expect(garbled.status).toBe(400);
    expect(garbled.errors?.reason).toBe('Bitte geben Sie einen Text ein.');
    const declined = await publicCall('POST', `${open.token}/ablehnen`, { reason: 'Zu teuer' }, nextIp());
    expect(declined.status).toBe(200);
    const { rows } = await sql<Row>`SELECT note FROM activity WHERE vorgang_id = ${consumer.vorgangId}
      AND (note LIKE 'Rückfrage%' OR note LIKE '%abgelehnt%') ORDER BY id`.execute(t.db);
    expect(rows.map((r) => r.note)).toEqual([
      'Rückfrage zum Angebot AN-ON1\nGeht auch Anthrazit?',
      'Angebot AN-ON1 abgelehnt – Vorgang als verloren markieren?\nGrund des Kunden (als Verlustgrund): Zu teuer',
    ]);
    const after = await t.callEndpoint(SELLER, getVorgangOfferLinks, { params: { id: consumer.vorgangId } });
    expect(after.result.links[0]).toMatchObject({ state: 'abgelehnt', declineReason: 'Zu teuer' });
    expect(after.result.links[0]!.events.map((e) => e.kind)).toEqual(['gesendet', 'rueckfrage', 'abgelehnt']);

    // The customer's answers stand in the Vorgang's and the customer's history, newest first: declined with its
    // reason, the question, the seller's withdrawal, the acceptance of the test before; of the openings only each
    // link's first (the accepted link was opened more than once).
    const { rows: openings } = await sql<{ first: number; count: number }>`SELECT min(e.id)::int AS first,
      count(*)::int AS count FROM offer_link_event e JOIN offer_link l ON l.id = e.offer_link_id
      WHERE l.vorgang_id = ${consumer.vorgangId} AND e.kind = 'geoeffnet' GROUP BY l.id`.execute(t.db);
    expect(Math.max(...openings.map((o) => o.count))).toBeGreaterThan(1);
    const vorgangTimeline = await t.callEndpoint(SELLER, getTimelineForVorgang, {
      params: { id: consumer.vorgangId },
      query: {},
    });
    const customerTimeline = await t.callEndpoint(SELLER, getTimelineForCustomer, {
      params: { id: consumer.customerId },
      query: {},
    });
    for (const timeline of [vorgangTimeline, customerTimeline]) {
      const answers = timeline.result.items.filter((item) => item.kind === 'angebot');
      const said = answers.filter((item) => item.details.event !== 'geoeffnet');
      expect(said.map((item) => [item.details.event, item.text, item.author])).toEqual([
        ['abgelehnt', 'Zu teuer', 'Kunde (Angebot online)'],
        ['rueckfrage', 'Geht auch Anthrazit?', 'Kunde (Angebot online)'],
        ['zurueckgezogen', null, 'Test Person'],
        ['angenommen', 'von Jürgen Größmann', 'Kunde (Angebot online)'],
      ]);
      expect(said[0]!.details).toMatchObject({ beleg: 'AN-ON1' });
      const shownOpenings = answers
        .filter((item) => item.details.event === 'geoeffnet')
        .map((item) => item.id);
      expect(shownOpenings.length).toBeGreaterThan(0);
      expect(openings.map((o) => o.first)).toEqual(expect.arrayContaining(shownOpenings));
    }
  });

  it(
    'limits the public calls per address; other groups get 403 on the seller side',
    async () => {
      const { token } = await sendOnline(consumer, 'kunde.on1@example.at');
      const statuses: number[] = [];
      // The limit counts per clock minute (from :00): all calls within one.
      await withinOneMinute(20);
      for (let n = 0; n < 31; n++)
        statuses.push((await publicCall('GET', token, undefined, '10.55.9.9')).status);
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
      // Codes: five an hour per link, whatever the address (the customer's inbox is not to be flooded).
      for (let n = 0; n < 5; n++)
        expect((await publicCall('POST', `${token}/code`, {}, nextIp())).status).toBe(200);
      const flood = await publicCall('POST', `${token}/code`, {}, nextIp());
      expect(flood.status).toBe(429);
      expect(flood.message).toMatch(/mehrere Codes/);

      const other = ['APP_NPS'];
      expect(
        (await t.callEndpoint(other, getVorgangOfferLinks, { params: { id: consumer.vorgangId } })).status,
      ).toBe(403);
      expect((await t.callEndpoint(other, withdrawOfferLink, { params: { id: 1 } })).status).toBe(403);
      expect((await t.callEndpoint(SELLER, getLegalTexts)).status).toBe(403);
    },
    minuteWaitTimeout(20),
  );

  it('legal texts are versioned: a new version for the page, the old one kept with its acceptance', async () => {
    const texts = await t.callEndpoint(ADMIN, getLegalTexts);
    const agb = texts.result.texts.find((text) => text.kind === 'agb')!;
    const saved = await t.callEndpoint(ADMIN, saveLegalText, {
      body: { kind: 'agb', body: 'AGB der Strussnig Fenster GmbH, Fassung 2027', basedOn: agb.id },
    });
    expect(saved.status).toBe(200);
    expect(saved.result.id).toBeGreaterThan(agb.id);
    const stale = await t.callEndpoint(ADMIN, saveLegalText, {
      body: { kind: 'agb', body: 'Noch eine Fassung', basedOn: agb.id },
    });
    expect(stale.status).toBe(409);
    const { rows } =
      await sql<Row>`SELECT count(*)::int AS n FROM legal_text_version WHERE kind = 'agb'`.execute(t.db);
    expect(rows[0]!.n).toBe(2);
    const { rows: kept } = await sql<Row>`SELECT DISTINCT agb_version_id FROM offer_acceptance`.execute(t.db);
    expect(kept).toEqual([{ agb_version_id: agb.id }]);
    // A page shown before the change cannot accept with the old text.
    const { token } = await sendOnline(business, 'einkauf@bau.example');
    const code = await codeFor(token);
    const old = await publicCall(
      'POST',
      `${token}/annehmen`,
      { name: 'Bernd Bau', confirmed: true, code, agbVersionId: agb.id },
      nextIp(),
    );
    expect(old.status).toBe(409);
  });

  it('DSGVO: Art. 15 reports the online offers and their evidence, Art. 17 erases them with their PDFs', async () => {
    const person = await createOfferFixture(t.db, 'ON3', 2);
    const { token } = await sendOnline(person, 'ottilie.zwetschke@example.at');
    const page = await pageOf(token);
    await publicCall('POST', `${token}/rueckfrage`, { message: 'Frage von Ottilie Zwetschke' }, nextIp());
    const code = await codeFor(token);
    const from = nextIp();
    const accepted = await publicCall(
      'POST',
      `${token}/annehmen`,
      { ...acceptBody(page, code), name: 'Ottilie Zwetschke' },
      from,
    );
    expect(accepted.status).toBe(200);
    const { rows: files } = await sql<{
      names: string[];
    }>`SELECT ARRAY[l.pdf_stored_name, a.certified_stored_name] AS names
      FROM offer_link l JOIN offer_acceptance a ON a.offer_link_id = l.id WHERE l.customer_id = ${person.customerId}`.execute(
      t.db,
    );
    const stored = files[0]!.names;
    for (const name of stored) expect(existsSync(path.join(t.filesDir, name))).toBe(true);

    const report = await t.app.inject({
      method: 'GET',
      url: `/api/dsgvo/auskunft/${person.customerId}`,
      headers: { authorization: `Bearer ${await t.tokenFor(['APP_ADMIN'])}` },
    });
    expect(report.statusCode).toBe(200);
    const data = Buffer.from(unzipSync(new Uint8Array(report.rawPayload))['daten.json']!).toString('utf8');
    expect(data).toContain('Angebote online');
    expect(data).toContain('Ottilie Zwetschke');
    expect(data).toContain(from);

    await sql`UPDATE vorgang SET system_status = 'verloren' WHERE id = ${person.vorgangId}`.execute(t.db);
    const { rows: customer } = await sql<{ version: number }>`SELECT version FROM customer
      WHERE id = ${person.customerId}`.execute(t.db);
    const erased = await t.callEndpoint(['APP_ADMIN'], eraseCustomerData, {
      params: { id: person.customerId },
      body: { reason: 'Antrag per E-Mail', version: customer[0]!.version },
    });
    expect(erased.status).toBe(200);
    const personal = `Zwetschke|ottilie|${from.replace(/\./g, '\\.')}`;
    const { rows: left } = await sql<{ n: number }>`SELECT
      (SELECT count(*) FROM offer_link WHERE customer_id = ${person.customerId})
      + (SELECT count(*) FROM offer_link_event e WHERE e.message LIKE '%Zwetschke%' OR e.ip = ${from})
      + (SELECT count(*) FROM offer_code WHERE email LIKE 'ottilie%')
      + (SELECT count(*) FROM offer_acceptance WHERE signer_name LIKE '%Zwetschke%')
      + (SELECT count(*) FROM change_record WHERE changes::text ~* ${personal})
      AS n`.execute(t.db);
    expect(Number(left[0]!.n)).toBe(0);
    for (const name of stored) expect(existsSync(path.join(t.filesDir, name))).toBe(false);
  });
});
