import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_TEMPLATES } from '../../../server/dev/seed/catalog';
import { failLastActivityOf } from '../../support/failingLastActivity';
import { mailWhenSent, sentTextOf } from '../../support/outboxMail';
import type { BodyOf } from '../../../src/api/endpoint';
import { getTimelineForCustomer } from '../../../src/resources/customers/timeline/timeline.endpoints';
import { countNpsAnswers, getNpsAnswers } from '../../../src/resources/nps/nps.endpoints';
import {
  answerSurvey,
  getSurvey,
  prepareNpsSurvey,
  sendNpsSurvey,
} from '../../../src/resources/nps/survey.endpoints';
import { createTestApp, PUBLIC_URL, resultOf, type TestApp } from '../../support/testApp';
import { minuteWaitTimeout, withinOneMinute } from '../../support/freshMinute';

const NPS = ['APP_NPS'];
const TEMPLATE = '{{Anrede}} {{Name}},\nbitte bewerten Sie uns: {{Umfrage-Link}}\n{{Verkäufer}}';

describe('NPS survey: mail with a single-use link, public page, answer', () => {
  let t: TestApp;
  let customer: number;
  let vorgang: number;
  let templateId: number;

  const send = (body: BodyOf<typeof sendNpsSurvey>) => t.callEndpoint(NPS, sendNpsSurvey, { body });
  // The public page's calls come from an address (the rate limit counts per address).
  const readSurvey = (token: string, from = '10.0.0.1') =>
    t.callEndpoint({ from }, getSurvey, { params: { token } });
  const answerIt = (token: string, body: BodyOf<typeof answerSurvey>) =>
    t.callEndpoint({ from: '10.0.0.1' }, answerSurvey, { params: { token }, body });
  const tokenOf = (url: string) => url.split('/umfrage/')[1]!;

  beforeAll(async () => {
    t = await createTestApp();
    const id = async (query: ReturnType<typeof sql<{ id: number }>>) =>
      (await query.execute(t.db)).rows[0]!.id;
    await sql`INSERT INTO global_settings (company_name, mail_sender_name, mail_sender_address)
              VALUES ('Strussnig Fenster', 'Strussnig', 'info@strussnig.example')`.execute(t.db);
    const owner = await id(
      sql`INSERT INTO app_user (azure_oid, name) VALUES ('oid-b', 'Bettina Betreuer') RETURNING id`,
    );
    customer = await id(sql`
      INSERT INTO customer (salutation, last_name, first_name, street, city, email, owner_user_id)
      VALUES ('Frau', 'Gruber', 'Maria', 'Hauptplatz 1', 'Villach', 'maria.gruber@example.at', ${owner}) RETURNING id`);
    vorgang = await id(sql`
      INSERT INTO vorgang (vorgang_number, customer_id, title) VALUES ('V-100', ${customer}, 'Fenster') RETURNING id`);
    templateId = await id(sql`
      INSERT INTO text_template (name, subject, body) VALUES ('Umfrage', 'Ihre Meinung zu {{Vorgang}}', ${TEMPLATE})
      RETURNING id`);
    await sql`INSERT INTO text_template (name, subject, body) VALUES ('Ohne Link', 'x', 'kein Link')`.execute(
      t.db,
    );
  });
  afterAll(() => t.close());

  it('drafts from templates with the link placeholder only, and sends a personal link', async () => {
    const draft = await t.callEndpoint(NPS, prepareNpsSurvey, {
      body: { customerId: customer, vorgangId: vorgang },
    });
    expect(draft.status).toBe(200);
    expect(draft.result).toMatchObject({
      to: 'maria.gruber@example.at',
      subject: 'Ihre Meinung zu V-100 (Fenster)',
      templateId,
      templates: [{ id: templateId, name: 'Umfrage' }],
    });
    expect(draft.result.body).toContain(
      'Sehr geehrte Frau Gruber,\nbitte bewerten Sie uns: {{Umfrage-Link}}',
    );

    const sent = await send({
      customerId: customer,
      vorgangId: vorgang,
      templateId,
      to: 'maria.gruber@example.at',
      subject: 'Umfrage',
      body: TEMPLATE,
    });
    expect(sent.status).toBe(200);
    const url = sent.result.surveyUrl;
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/umfrage/[A-Za-z0-9_-]{43}$`));
    // The sent mail on the timeline carries the link masked; the database keeps only the token's hash.
    const { rows } = await sql<{ body: string; hash: string }>`
      SELECT m.body, s.token_hash AS hash FROM sent_mail m JOIN nps_survey s ON s.sent_mail_id = m.id`.execute(
      t.db,
    );
    expect(rows[0]!.body).toContain('bitte bewerten Sie uns: [persönlicher Umfrage-Link]');
    expect(rows[0]!.body).not.toContain(tokenOf(url));
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.hash).not.toContain(tokenOf(url));
    // The outbox sends it once, with the working link in the mail that leaves; the link is forgotten then.
    const left = await mailWhenSent(t.db, sent.result.mailId);
    expect(left).toMatchObject({ status: 'gesendet', attempts: 1, hiddenFills: null });
    expect(left.body).toBe(rows[0]!.body);
    expect(sentTextOf(left.raw!)).toContain(`bitte bewerten Sie uns: ${url}`);
    expect(sentTextOf(left.raw!)).not.toContain('[persönlicher Umfrage-Link]');

    // Public page: how the mail addresses her, in Sie-form (and our company), nothing else about the customer.
    const page = await readSurvey(tokenOf(url));
    expect(page.status).toBe(200);
    expect(page.result).toEqual({ addressee: 'Frau Gruber', company: 'Strussnig Fenster' });
    expect(JSON.stringify(page)).not.toMatch(/Maria|Villach|Hauptplatz|example\.at/);

    const invalid = await answerIt(tokenOf(url), { score: 12, comment: 'x' });
    expect(invalid.status).toBe(400);
    expect(invalid.errors).toEqual({ score: 'Bitte wählen Sie eine Bewertung von 0 bis 10.' });

    const answered = await answerIt(tokenOf(url), { score: 4, comment: 'Montage war chaotisch' });
    expect(answered.status).toBe(200);
    const list = await resultOf(t.callEndpoint(NPS, getNpsAnswers, { query: {} }));
    expect(list[0]).toMatchObject({
      score: 4,
      comment: 'Montage war chaotisch',
      channel: 'web',
      vorgangNumber: 'V-100',
      followUpUser: 'Bettina Betreuer',
      followUpDone: false,
    });
    const timeline = await resultOf(
      t.callEndpoint(['APP_KUNDE'], getTimelineForCustomer, { params: { id: customer }, query: {} }),
    );
    expect(timeline.items.map((item) => item.kind)).toEqual(
      expect.arrayContaining(['nps', 'email', 'aktivitaet']),
    );

    // Used up: the link no longer works, for reading or answering.
    const again = await answerIt(tokenOf(url), { score: 10 });
    expect(again.status).toBe(404);
    expect(again.message).toBe(
      'Dieser Umfrage-Link ist nicht mehr gültig: Er wurde schon benutzt oder ist abgelaufen.',
    );
    expect((await readSurvey(tokenOf(url))).status).toBe(404);
  });

  it('refuses expired and unknown links with the same message', async () => {
    const sent = await send({
      customerId: customer,
      to: 'maria.gruber@example.at',
      subject: 'Umfrage',
      body: TEMPLATE,
    });
    const token = tokenOf(sent.result.surveyUrl);
    await sql`UPDATE nps_survey SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL`.execute(
      t.db,
    );
    const expired = await readSurvey(token);
    const unknown = await readSurvey('A'.repeat(43));
    expect(expired.status).toBe(404);
    expect(unknown).toEqual(expired);
    // A cut-off link said "token: mindestens 20 Zeichen" (a 400); now the same 404.
    for (const bad of ['kurz', 'abc-123_x']) {
      expect(await readSurvey(bad)).toEqual(expired);
      expect(await answerIt(bad, { score: 5 })).toEqual(expired);
    }
  });

  // "Kein bestimmter Vorgang" once named the newest Vorgang, an Anfrage ("für Ihren Auftrag …").
  it('with "Kein bestimmter Vorgang" names the latest Auftrag, never an Anfrage, or none', async () => {
    const id = async (query: ReturnType<typeof sql<{ id: number }>>) =>
      (await query.execute(t.db)).rows[0]!.id;
    const demo = TEXT_TEMPLATES.find((template) => template.body.includes('{{Umfrage-Link}}'))!;
    const demoId = await id(sql`
      INSERT INTO text_template (name, subject, body) VALUES ('Demo', ${demo.subject}, ${demo.body}) RETURNING id`);
    const draft = (customerId: number, template: number) =>
      resultOf(t.callEndpoint(NPS, prepareNpsSurvey, { body: { customerId, templateId: template } }));
    const huber = await id(sql`
      INSERT INTO customer (salutation, last_name, email) VALUES ('Herr', 'Huber', 'h@example.at') RETURNING id`);
    await sql`
      INSERT INTO vorgang (vorgang_number, customer_id, title, system_status, first_order_date, created_at) VALUES
        ('V-200', ${huber}, 'Haustür', 'rechnung', '2026-03-01', '2026-01-01T10:00:00Z'),
        ('V-201', ${huber}, 'Wintergarten', 'auftrag', '2026-06-01', '2026-02-01T10:00:00Z'),
        ('V-202', ${huber}, 'Rollläden', 'anfrage', NULL, '2026-09-01T10:00:00Z')`.execute(t.db);
    expect((await draft(huber, templateId)).subject).toBe('Ihre Meinung zu V-201 (Wintergarten)');

    // Only an Anfrage: no Vorgang is named, and the demo template still reads well.
    const moser = await id(sql`
      INSERT INTO customer (salutation, last_name, email) VALUES ('Frau', 'Moser', 'm@example.at') RETURNING id`);
    await sql`INSERT INTO vorgang (vorgang_number, customer_id, title) VALUES ('V-300', ${moser}, 'Anfrage Fenster')`.execute(
      t.db,
    );
    expect((await draft(moser, templateId)).subject.trim()).toBe('Ihre Meinung zu');
    const text = (await draft(moser, demoId)).body;
    expect(text).not.toContain('V-300');
    expect(text).not.toMatch(/Auftrag/);
    expect(text).toContain(
      'Sehr geehrte Frau Moser,\n\nvielen Dank für Ihr Vertrauen. Würden Sie uns weiterempfehlen?',
    );
  });

  it('checks the mail in German, per field', async () => {
    const bad = await send({
      customerId: customer,
      to: 'kein-mail',
      subject: ' ',
      body: 'Ohne Link {{Kunde}}',
    });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({
      to: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      subject: 'Bitte geben Sie einen Betreff ein.',
      body: 'Der Text braucht den Platzhalter {{Umfrage-Link}}, sonst kann der Kunde nicht antworten.',
    });
    const other = await sql<{
      id: number;
    }>`INSERT INTO customer (last_name) VALUES ('Huber') RETURNING id`.execute(t.db);
    const foreign = await send({
      customerId: other.rows[0]!.id,
      vorgangId: vorgang,
      to: 'a@b.at',
      subject: 'x',
      body: TEMPLATE,
    });
    expect(foreign.errors).toEqual({
      vorgangId: 'Dieser Vorgang gehört nicht zu dem gewählten Kunden.',
    });
    await sql`UPDATE global_settings SET nps_enabled = false`.execute(t.db);
    const off = await send({ customerId: customer, to: 'a@b.at', subject: 'x', body: TEMPLATE });
    expect(off.message).toMatch(/NPS-Umfragen sind ausgeschaltet/);
    await sql`UPDATE global_settings SET nps_enabled = true`.execute(t.db);
    // A raw call: the empty body is refused for the group before it is read.
    expect(
      (await t.callAs(['APP_KUNDE'], { method: 'POST', url: `/api/${sendNpsSurvey.path}`, payload: {} }))
        .status,
    ).toBe(403);
  });

  it('keeps the survey, its mail and the customer’s last activity together or not at all', async () => {
    const mailsAbout = async (subject: string) =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM sent_mail WHERE subject = ${subject}`.execute(
          t.db,
        )
      ).rows[0]!.n;
    const survey = { customerId: customer, vorgangId: vorgang, templateId, to: 'maria.gruber@example.at' };
    const allow = await failLastActivityOf(t.db, customer);
    try {
      const sent = await send({ ...survey, subject: 'Halb gespeichert?', body: TEMPLATE });
      expect(sent.status).toBe(500);
      expect(await mailsAbout('Halb gespeichert?')).toBe(0);
    } finally {
      await allow();
    }
    const sent = await send({ ...survey, subject: 'Ganz gespeichert', body: TEMPLATE });
    expect(sent.status).toBe(200);
    expect(await mailsAbout('Ganz gespeichert')).toBe(1);
  });

  it('keeps a survey whose mail server fails waiting with the reason and its link for the next try, never logged', async () => {
    const logged: string[] = [];
    // Nothing listens on this port: the first try is refused at once, the library tries again later.
    const failing = await createTestApp({
      smtpUrl: 'smtp://127.0.0.1:9',
      logStream: { write: (line) => void logged.push(line) },
    });
    try {
      await sql`INSERT INTO global_settings (company_name, mail_sender_name, mail_sender_address)
                VALUES ('Strussnig Fenster', 'Strussnig', 'info@strussnig.example')`.execute(failing.db);
      const { rows } = await sql<{ id: number }>`INSERT INTO customer (salutation, last_name, email)
        VALUES ('Frau', 'Gruber', 'maria.gruber@example.at') RETURNING id`.execute(failing.db);
      const sent = await failing.callEndpoint(NPS, sendNpsSurvey, {
        body: { customerId: rows[0]!.id, to: 'maria.gruber@example.at', subject: 'Umfrage', body: TEMPLATE },
      });
      expect(sent.status).toBe(200);
      const mail = async () =>
        (
          await sql<{
            status: string;
            attempts: number;
            error: string | null;
            fills: unknown;
            state: string;
          }>`
            SELECT m.status, m.attempts, m.error, m.hidden_fills AS fills, j.state::text AS state
            FROM sent_mail m JOIN pgboss.job j ON j.id = m.job_id WHERE m.id = ${sent.result.mailId}`.execute(
            failing.db,
          )
        ).rows[0]!;
      await expect.poll(async () => (await mail()).attempts, { timeout: 15_000, interval: 200 }).toBe(1);
      await expect.poll(async () => (await mail()).state, { timeout: 5_000 }).toBe('retry');
      expect(await mail()).toMatchObject({
        status: 'wartend',
        fills: { '[persönlicher Umfrage-Link]': sent.result.surveyUrl },
      });
      expect((await mail()).error).toMatch(/^Der Mailserver ist nicht erreichbar/);
      expect(logged.join('\n')).toContain('Postausgang: Versuch fehlgeschlagen');
      expect(logged.join('\n')).not.toContain(tokenOf(sent.result.surveyUrl));
    } finally {
      await failing.close();
    }
  });

  it(
    'slows down guessing: more than 30 calls a minute from one address get a German 429',
    async () => {
      const statuses: number[] = [];
      // The limit counts per clock minute (from :00): all calls within one.
      await withinOneMinute(20);
      for (let i = 0; i < 32; i++) statuses.push((await readSurvey('B'.repeat(43), '10.9.9.9')).status);
      expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
      const limited = await readSurvey('B'.repeat(43), '10.9.9.9');
      expect(limited.status).toBe(429);
      expect(limited.message).toMatch(/^Zu viele Anfragen/);
      // Another address and the signed-in API are not affected.
      expect((await readSurvey('B'.repeat(43), '10.9.9.8')).status).toBe(404);
      expect((await t.callEndpoint(NPS, countNpsAnswers, { query: {} })).status).toBe(200);
    },
    minuteWaitTimeout(20),
  );
});
