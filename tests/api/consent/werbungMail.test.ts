import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getBulkJob,
  previewBulkMail,
  startBulkAction,
} from '../../../src/resources/bulkActions/bulkActions.endpoints';
import { getCustomerConsent, recordConsent } from '../../../src/resources/consent/consent.endpoints';
import { prepareMailToCustomer, sendMailToCustomer } from '../../../src/resources/mail/mail.endpoints';
import { sendMailJob } from '../../../server/mail/mailOutbox';
import { mailWhenSent, sentTextOf } from '../../support/outboxMail';
import { runJobOnce } from '../../support/runJob';
import { createTestApp, PUBLIC_URL, resultOf, type TestApp } from '../../support/testApp';

const SELLER = ['APP_KUNDE'];
const NO_CUSTOMERS = ['APP_NPS', 'APP_DATEIEN', 'APP_ADMIN', 'APP_ADMIN_VERKAUF'];
const CALLER_OID = '11111111-2222-3333-4444-555555555555';
const NO_CONSENT = 'Keine Einwilligung in Werbung per E-Mail.';
const MASK = '[persönlicher Abmeldelink]';

interface StoredMail {
  id: number;
  customerId: number;
  status: string;
  body: string;
  error: string | null;
  raw: string | null;
}

/** The header lines of a rendered message, unfolded. */
const headersOf = (raw: string) => raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
/** The token of the one-click address in the message's List-Unsubscribe header. */
const tokenOf = (raw: string) => {
  const found = /^List-Unsubscribe: <([^>]+)\/api\/abmelden\/([A-Za-z0-9_-]+)>$/m.exec(headersOf(raw));
  expect(found?.[1]).toBe(PUBLIC_URL);
  return found![2]!;
};

describe('Werbung by e-mail goes only with consent, and every Werbung mail can be unsubscribed in one click', () => {
  let t: TestApp;
  let werbung = 0;
  let service = 0;
  /** Gruber consented, Huber did not, Ohnemail has no address. */
  let gruber = 0;
  let huber = 0;
  let ohnemail = 0;

  const one = async (query: ReturnType<typeof sql<{ id: number }>>) =>
    (await query.execute(t.db)).rows[0]!.id;
  const mails = async (where: ReturnType<typeof sql>) =>
    (
      await sql<StoredMail>`SELECT id, customer_id AS "customerId", status, body, error, raw_message AS raw
        FROM sent_mail WHERE ${where} ORDER BY id`.execute(t.db)
    ).rows;
  const consentOf = async (customerId: number) =>
    (
      await sql<{ flag: boolean; records: { granted: boolean; source: string; by: string }[] }>`
        SELECT c.newsletter_consent AS flag, coalesce((SELECT json_agg(json_build_object('granted', k.granted,
          'source', k.source, 'by', k.recorded_by_name) ORDER BY k.id) FROM customer_consent k
          WHERE k.customer_id = c.id), '[]') AS records
        FROM customer c WHERE c.id = ${customerId}`.execute(t.db)
    ).rows[0]!;
  const grant = (customerId: number) =>
    t.callEndpoint(SELLER, recordConsent, {
      body: { customerId, granted: true, source: 'schriftlich', givenOn: '2026-03-02', note: 'Formular' },
    });
  /** A public call (no token), as the customer's browser or mail program sends it. */
  const unsubscribe = (token: string, payload: string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/abmelden/${token}`,
      payload,
      headers: { 'content-type': contentType },
    });
  const waitForOutbox = async (ids: number[]) => {
    await expect
      .poll(
        async () => (await mails(sql`id = ANY(${ids}::int[])`)).every((mail) => mail.status !== 'wartend'),
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    return mails(sql`id = ANY(${ids}::int[])`);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await sql`INSERT INTO global_settings (company_name, mail_sender_name, mail_sender_address)
              VALUES ('Strussnig Fenster', 'Strussnig', 'info@strussnig.example')`.execute(t.db);
    await sql`INSERT INTO app_user (azure_oid, name, email)
      VALUES (${CALLER_OID}, 'Vera Verkauf', 'vera@strussnig.example')`.execute(t.db);
    gruber = await one(sql`INSERT INTO customer (salutation, last_name, first_name, email)
      VALUES ('Frau', 'Gruber', 'Maria', 'maria.gruber@example.at') RETURNING id`);
    // The former tick alone is no consent on record: Huber has it set but no record.
    huber = await one(sql`INSERT INTO customer (salutation, last_name, first_name, email, newsletter_consent)
      VALUES ('Herr', 'Huber', 'Franz', 'franz.huber@example.at', false) RETURNING id`);
    ohnemail = await one(sql`INSERT INTO customer (salutation, last_name, first_name)
      VALUES ('Herr', 'Ohnemail', 'Otto') RETURNING id`);
    werbung = await one(sql`INSERT INTO text_template (name, subject, body, purpose)
      VALUES ('Einladung Schauraum', 'Einladung in unseren Schauraum',
        ${'{{Anrede}} {{Name}},\ngerne zeige ich Ihnen unsere Fenster.\n{{Verkäufer}}'}, 'werbung') RETURNING id`);
    service = await one(sql`INSERT INTO text_template (name, subject, body, purpose)
      VALUES ('Angebot nachfassen', 'Ihr Angebot', '{{Anrede}} {{Name}}, Ihr Angebot.', 'service') RETURNING id`);
    expect((await grant(gruber)).status).toBe(200);
  });
  afterAll(() => t.close());

  it('names every refused customer in the preview, refuses those in the job, and queues Werbung with the masked unsubscribe line', async () => {
    const selection = { rows: [gruber, huber, ohnemail].map((id) => ({ id, version: 1 })) };
    const shown = await resultOf(
      t.callEndpoint(SELLER, previewBulkMail, { body: { target: 'kunden', templateId: werbung, selection } }),
    );
    expect(shown).toMatchObject({ total: 3, withoutEmail: 1, withoutConsent: 1, outOfReach: 0 });
    expect(shown.refused).toEqual([
      { recordId: huber, name: 'Huber, Franz', reason: NO_CONSENT },
      { recordId: ohnemail, name: 'Ohnemail, Otto', reason: 'Keine E-Mail-Adresse hinterlegt.' },
    ]);
    expect(shown.previews.map((mail) => mail.to)).toEqual(['maria.gruber@example.at']);
    expect(shown.previews[0]!.body).toMatch(
      new RegExp(
        `Werbung von Strussnig Fenster per E-Mail zu bekommen\\. Mit einem Klick abmelden:\\n\\${MASK.slice(0, -1)}\\]$`,
      ),
    );
    // A page further: nothing left to name.
    const later = await t.callEndpoint(SELLER, previewBulkMail, {
      body: { target: 'kunden', templateId: werbung, selection, refusedOffset: 2 },
    });
    expect(later.result.refused).toEqual([]);
    // The same selection with a service template: only the missing address is refused.
    const serviceShown = await resultOf(
      t.callEndpoint(SELLER, previewBulkMail, { body: { target: 'kunden', templateId: service, selection } }),
    );
    expect(serviceShown).toMatchObject({ withoutEmail: 1, withoutConsent: 0 });
    expect(serviceShown.refused.map((record) => record.recordId)).toEqual([ohnemail]);

    const started = await t.callEndpoint(SELLER, startBulkAction, {
      body: { target: 'kunden', action: { kind: 'mail', templateId: werbung }, selection },
    });
    expect(started.status).toBe(200);
    let job = started.result;
    await expect
      .poll(
        async () => {
          job = (await t.callEndpoint(SELLER, getBulkJob, { params: { id: job.id } })).result;
          return job.state;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe('fertig');
    expect(job).toMatchObject({ total: 3, changed: 1, refusedCount: 2 });
    expect(job.refused).toEqual(
      expect.arrayContaining([{ recordId: huber, name: 'Huber, Franz', reason: NO_CONSENT }]),
    );
    const queued = await mails(sql`bulk_job_id = ${job.id}`);
    expect(queued.map((mail) => mail.customerId)).toEqual([gruber]);
    expect(queued[0]!.body).toBe(shown.previews[0]!.body);

    // The outbox sends it with a working link of its own and the RFC 8058 headers; the Postausgang keeps it masked.
    const [sent] = await waitForOutbox(queued.map((mail) => mail.id));
    expect(sent).toMatchObject({ status: 'gesendet', error: null, body: shown.previews[0]!.body });
    const headers = headersOf(sent!.raw!);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const token = tokenOf(sent!.raw!);
    expect(sentTextOf(sent!.raw!)).toContain(`Mit einem Klick abmelden:\n${PUBLIC_URL}/abmelden/${token}`);
    expect(sentTextOf(sent!.raw!)).not.toContain(MASK);

    // The mail program's one-click POST withdraws, without any page; recorded as such, in the history too.
    const oneClick = await unsubscribe(
      token,
      'List-Unsubscribe=One-Click',
      'application/x-www-form-urlencoded',
    );
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().result).toEqual({ company: 'Strussnig Fenster', withdrawn: true });
    expect(await consentOf(gruber)).toEqual({
      flag: false,
      records: [
        { granted: true, source: 'schriftlich', by: 'Test Person' },
        { granted: false, source: 'ein-klick', by: 'Kunde (Abmelden im E-Mail-Programm)' },
      ],
    });
    const history = await sql<{ actor: string; changes: unknown }>`
      SELECT actor_name AS actor, changes FROM change_record
      WHERE area = 'kunden' AND record_id = ${gruber} ORDER BY id DESC LIMIT 1`.execute(t.db);
    expect(history.rows[0]).toEqual({
      actor: 'Kunde (Abmelden im E-Mail-Programm)',
      changes: { newsletterConsent: { old: true, new: false } },
    });
    const shownHistory = await t.callEndpoint(SELLER, getCustomerConsent, { params: { id: gruber } });
    expect(shownHistory.result).toMatchObject({
      granted: false,
      history: [{ granted: false, source: 'ein-klick', mailSubject: 'Einladung in unseren Schauraum' }, {}],
    });

    // A repeat, from the page or as multipart: friendly, nothing recorded twice.
    const again = await unsubscribe(token, '{}', 'application/json');
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toEqual({ company: 'Strussnig Fenster', withdrawn: false });
    const multipart = await unsubscribe(
      token,
      '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
      'multipart/form-data; boundary=x',
    );
    expect(multipart.statusCode).toBe(200);
    expect((await consentOf(gruber)).records).toHaveLength(2);
  });

  it('answers an unknown or cut-off link with the same friendly 404, and changes nothing', async () => {
    for (const token of ['abc123', 'x'.repeat(43), '']) {
      const response = await unsubscribe(token, '{}', 'application/json');
      if (token === '') {
        expect(response.statusCode).toBe(404);
        continue;
      }
      expect(response.statusCode).toBe(404);
      expect(response.json().result.message).toMatch(/^Dieser Abmeldelink ist uns nicht bekannt\./);
      expect(response.json().result.message).not.toMatch(/token|mindestens/i);
    }
  });

  it('refuses a single Werbung mail to a customer without consent (draft and send), and sends one with the link once consent is recorded', async () => {
    const draft = (groups = SELLER) =>
      t.callEndpoint(groups, prepareMailToCustomer, { body: { customerId: huber, templateId: werbung } });
    const refusedDraft = await draft();
    expect(refusedDraft.status).toBe(400);
    expect(refusedDraft.message).toMatch(
      /^Keine Einwilligung in Werbung per E-Mail\. Die Vorlage „Einladung Schauraum“ ist Werbung/,
    );
    expect((await draft(NO_CUSTOMERS)).status).toBe(403);

    const send = (key: string) =>
      t.callEndpoint(SELLER, sendMailToCustomer, {
        body: {
          customerId: huber,
          templateId: werbung,
          to: 'franz.huber@example.at',
          subject: 'Einladung',
          body: 'Sehr geehrter Herr Huber, kommen Sie vorbei.',
        },
        idempotencyKey: key,
      });
    const before = (await mails(sql`customer_id = ${huber}`)).length;
    const refused = await send('0d7c7f6e-1d2b-4c3a-9e8f-7a6b5c4d3e2f');
    expect(refused.status).toBe(400);
    expect(refused.errors).toHaveProperty('templateId');
    expect(await mails(sql`customer_id = ${huber}`)).toHaveLength(before);
    // A service mail is no advertising: it goes without consent, with no unsubscribe line or header.
    const serviceMail = await t.callEndpoint(SELLER, sendMailToCustomer, {
      body: {
        customerId: huber,
        templateId: service,
        to: 'franz.huber@example.at',
        subject: 'Ihr Angebot',
        body: 'Anbei.',
      },
    });
    expect(serviceMail.status).toBe(200);
    await mailWhenSent(t.db, serviceMail.result.id);
    const [plain] = await mails(sql`id = ${serviceMail.result.id}`);
    expect(plain!.body).toBe('Anbei.');
    expect(headersOf(plain!.raw!)).not.toMatch(/List-Unsubscribe/);

    expect((await grant(huber)).status).toBe(200);
    const prepared = await draft();
    expect(prepared.status).toBe(200);
    expect(prepared.result).toMatchObject({ purpose: 'werbung' });
    expect(prepared.result.body).toMatch(/Mit einem Klick abmelden:\n\[persönlicher Abmeldelink\]$/);
    // The writer removed the footer: it is added again, the link in place of the mask.
    const sent = await send('1e8d8f7f-2e3c-4d4b-8f9a-8b7c6d5e4f3a');
    expect(sent.status).toBe(200);
    expect((await mailWhenSent(t.db, sent.result.id)).status).toBe('gesendet');
    const [mail] = await mails(sql`id = ${sent.result.id}`);
    expect(mail!.body).toMatch(
      /^Sehr geehrter Herr Huber, kommen Sie vorbei\.\n\n--\nSie erhalten diese E-Mail/,
    );
    expect(mail!.body).toContain(MASK);
    const token = tokenOf(mail!.raw!);
    expect(headersOf(mail!.raw!)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(sentTextOf(mail!.raw!)).toContain(`${PUBLIC_URL}/abmelden/${token}`);

    // The link's page withdraws (JSON from the page), recorded as the unsubscribe link of this mail.
    const page = await unsubscribe(token, '{}', 'application/json');
    expect(page.json().result).toEqual({ company: 'Strussnig Fenster', withdrawn: true });
    expect((await consentOf(huber)).records.at(-1)).toEqual({
      granted: false,
      source: 'abmeldelink',
      by: 'Kunde (Abmeldelink)',
    });
  });

  it('stops a queued Werbung mail whose customer withdrew before it left', async () => {
    const kunde = await one(sql`INSERT INTO customer (last_name, email)
      VALUES ('Wechsel', 'wechsel@example.at') RETURNING id`);
    expect((await grant(kunde)).status).toBe(200);
    // Queued with consent (as a bulk job does), withdrawn before the outbox's job takes it.
    const queued =
      await one(sql`INSERT INTO sent_mail (customer_id, template_id, sender_oid, sender_name, recipient,
        subject, body, status, purpose)
      VALUES (${kunde}, ${werbung}, ${CALLER_OID}, 'Vera Verkauf', 'wechsel@example.at', 'Einladung', 'Hallo',
        'wartend', 'werbung') RETURNING id`);
    const withdrawn = await t.callEndpoint(SELLER, recordConsent, {
      body: { customerId: kunde, granted: false, source: 'muendlich', givenOn: '2026-03-03' },
    });
    expect(withdrawn.status).toBe(200);
    await runJobOnce(sendMailJob, t.app, { mailId: queued });
    const [mail] = await mails(sql`id = ${queued}`);
    expect(mail).toMatchObject({ status: 'fehler', error: `Nicht gesendet: ${NO_CONSENT}`, raw: null });
  });
});
