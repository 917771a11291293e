import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { failLastActivityOf } from '../../support/failingLastActivity';
import { mailWhenSent } from '../../support/outboxMail';
import { runJobOnce } from '../../support/runJob';
import { sendMailJob } from '../../../server/mail/mailOutbox';
import type { BodyOf } from '../../../src/api/endpoint';
import { getTimelineForCustomer } from '../../../src/resources/customers/timeline/timeline.endpoints';
import { prepareMailToCustomer, sendMailToCustomer } from '../../../src/resources/mail/mail.endpoints';
import { getTextTemplatesForUser } from '../../../src/resources/textTemplates/textTemplates.endpoints';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';
import sentMailEntity from '../../../src/resources/mail/sentMail.entity';
import { entityCalls } from '../../support/entityCalls';
import { customerWorkspace, SELLER, type CustomerRow } from './customerWorkspaceSetup';

describe('customer workspace: e-mail to the customer', () => {
  const workspace = customerWorkspace();
  let t: TestApp;
  let customer: CustomerRow;
  beforeAll(() => {
    ({ t, customer } = workspace);
  });
  const send = (body: BodyOf<typeof sendMailToCustomer>) =>
    t.callEndpoint(SELLER, sendMailToCustomer, { body });

  // The mail goes to the customer's address on record, Frau Gruber.
  beforeAll(async () => {
    await sql`UPDATE customer SET email = 'Maria.Gruber@example.at', last_name = 'Gruber', company_name = NULL, zip = '9020', country = 'AT'
              WHERE id = ${customer.id}`.execute(t.db);
  });

  it('queues an e-mail from a template; the outbox sends it once into the mail catcher; it shows on the timeline and in the Postausgang', async () => {
    const templates = await resultOf(t.callEndpoint(SELLER, getTextTemplatesForUser));
    const draft = await t.callEndpoint(SELLER, prepareMailToCustomer, {
      body: { customerId: customer.id, templateId: templates[0]!.id },
    });
    const { to, subject, body } = draft.result;
    expect(to).toBe('Maria.Gruber@example.at');
    expect(`${subject}${body}`).not.toMatch(/\{\{/);
    const sent = await send({
      customerId: customer.id,
      templateId: templates[0]!.id,
      to: to!,
      subject,
      body: `{{Anrede}} Gruber,\n${body}`,
    });
    expect(sent.status).toBe(200);
    // The caller learns it is queued; the outbox sends it in the background, once.
    expect(sent.result.status).toBe('wartend');
    const left = await mailWhenSent(t.db, sent.result.id);
    expect(left).toMatchObject({ status: 'gesendet', attempts: 1, via: 'mailcatcher', error: null });
    expect(left.raw).toMatch(/^Subject: /m);
    expect(await runJobOnce(sendMailJob, t.app, { mailId: sent.result.id })).toEqual({ kind: 'nichts' });
    expect((await mailWhenSent(t.db, sent.result.id)).attempts).toBe(1);
    const timeline = await resultOf(
      t.callEndpoint(SELLER, getTimelineForCustomer, { params: { id: customer.id }, query: {} }),
    );
    expect(timeline.items[0]).toMatchObject({
      kind: 'email',
      details: expect.objectContaining({ subject, status: 'gesendet' }),
    });
    expect(String(timeline.items[0]!.text)).toMatch(/^Sehr geehrte Frau Gruber,/);
    const sentMails = entityCalls(t, sentMailEntity);
    const outbox = await resultOf(sentMails.list(['APP_ADMIN']));
    expect(outbox.data[0]).toMatchObject({ subject, deliveredVia: 'mailcatcher' });
    expect((await sentMails.list(SELLER)).status).toBe(403);
    const bad = await send({ customerId: customer.id, to: 'kein-mail', subject: '', body: '{{Kunde}}' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['body', 'subject', 'to']);
  });

  it('keeps a sent mail and the customer’s last activity together or not at all', async () => {
    const mailsAbout = async (subject: string) =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM sent_mail WHERE subject = ${subject}`.execute(
          t.db,
        )
      ).rows[0]!.n;
    const to = 'Maria.Gruber@example.at';
    const allow = await failLastActivityOf(t.db, customer.id);
    try {
      const sent = await send({
        customerId: customer.id,
        to,
        subject: 'Halb gespeichert?',
        body: 'Guten Tag',
      });
      expect(sent.status).toBe(500);
      expect(await mailsAbout('Halb gespeichert?')).toBe(0);
    } finally {
      await allow();
    }
    const sent = await send({ customerId: customer.id, to, subject: 'Ganz gespeichert', body: 'Guten Tag' });
    expect(sent.status).toBe(200);
    expect(await mailsAbout('Ganz gespeichert')).toBe(1);
  });

  it('says why a send over SMTP failed, keeps the mail on the timeline and in the Postausgang, and tries it again', async () => {
    const smtp = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      await seedDemoData(smtp.db, { tenant: 'strussnig', customers: 3 });
      // Mails go only to addresses on record: the customer's own.
      const { rows } = await sql<{ id: number; email: string }>`
        SELECT id, email FROM customer WHERE email IS NOT NULL LIMIT 1`.execute(smtp.db);
      const queued = await smtp.callEndpoint(SELLER, sendMailToCustomer, {
        body: { customerId: rows[0]!.id, to: rows[0]!.email, subject: 'Ihr Angebot', body: 'Guten Tag' },
      });
      expect(queued.status).toBe(200);
      const mail = async () =>
        (
          await sql<{ status: string; attempts: number; error: string | null; state: string }>`
            SELECT m.status, m.attempts, m.error, j.state::text AS state
            FROM sent_mail m JOIN pgboss.job j ON j.id = m.job_id WHERE m.id = ${queued.result.id}`.execute(
            smtp.db,
          )
        ).rows[0]!;
      // The first try failed: still waiting, with the reason, and the job waits for its next try.
      await expect.poll(async () => (await mail()).attempts, { timeout: 15_000, interval: 200 }).toBe(1);
      await expect.poll(async () => (await mail()).state, { timeout: 5_000 }).toBe('retry');
      expect(await mail()).toMatchObject({ status: 'wartend' });
      expect((await mail()).error).toMatch(/^Der Mailserver ist nicht erreichbar/);
      const timeline = await resultOf(
        smtp.callEndpoint(SELLER, getTimelineForCustomer, { params: { id: rows[0]!.id }, query: {} }),
      );
      expect(timeline.items[0]).toMatchObject({
        kind: 'email',
        details: expect.objectContaining({
          subject: 'Ihr Angebot',
          status: 'wartend',
          error: expect.stringMatching(/^Der Mailserver ist nicht erreichbar/),
        }),
      });
    } finally {
      await smtp.close();
    }
  });
});
