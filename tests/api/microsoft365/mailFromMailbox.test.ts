import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../../../server/mail/mailOutbox';
import { mailWhenSent } from '../../support/outboxMail';
import { LENA, m365Fixture, VICTOR, type M365Fixture, type Person } from './m365Fixture';
import { getConnectionStatus } from '../../../src/resources/microsoft365/microsoft365.endpoints';
import { sendMailToCustomer } from '../../../src/resources/mail/mail.endpoints';

describe('Microsoft 365: mails of the outbox from the seller’s own mailbox', () => {
  let f: M365Fixture;

  const callerOf = (person: Person) => ({
    oid: person.oid,
    tid: 'tenant',
    name: person.name,
    username: person.mail,
    groups: person.groups,
  });
  const mailTo = (subject: string) => ({
    customerId: f.customer,
    vorgangId: null,
    templateId: null,
    recipient: 'hans.gruber@gmx.at',
    subject,
    body: 'Guten Tag Herr Gruber,\n\nanbei unser Angebot.',
    bulkJobId: null,
    purpose: 'service' as const,
  });

  /** Queues a mail to the customer in `person`'s name, as a bulk job or a cadence does, and waits for its end. */
  const mailFrom = async (person: Person, subject: string) => {
    const id = await f.t.db
      .transaction()
      .execute((trx) => queueMail(trx, f.t.app.jobs, callerOf(person), mailTo(subject)));
    const until = Date.now() + 20_000;
    for (;;) {
      const row = await f.t.db
        .selectFrom('sent_mail')
        .select(['status', 'delivered_via', 'raw_message', 'error'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (row.status !== 'wartend') return row;
      if (Date.now() > until) throw new Error(`Die Mail wartet noch: ${String(row.error)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    f = await m365Fixture();
    await sql`INSERT INTO global_settings (id, mail_sender_name, mail_sender_address)
      VALUES (1, 'Strussnig Fenster', 'office@strussnig.at')
      ON CONFLICT (id) DO UPDATE SET mail_sender_name = excluded.mail_sender_name,
        mail_sender_address = excluded.mail_sender_address`.execute(f.t.db);
    await f.connect(VICTOR);
  });
  afterAll(() => f.close());

  it('a connected seller’s mail leaves through Graph sendMail from their mailbox, on the timeline as sent', async () => {
    const row = await mailFrom(VICTOR, 'Ihr Angebot');
    expect(row).toMatchObject({ status: 'gesendet', delivered_via: 'graph', error: null });
    const sent = f.standIn.state.mailbox(VICTOR.oid).sent;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.saveToSentItems).toBe(true);
    const mime = sent[0]!.mime!;
    expect(mime).toMatch(/^From: Victor Verkauf <victor\.verkauf@strussnig\.at>/m);
    expect(mime).toMatch(/^To: hans\.gruber@gmx\.at/m);
    expect(mime).toMatch(/^Subject: Ihr Angebot/m);
    expect(row.raw_message).toBe(mime);
    const calls = f.standIn.state.calls.filter((call) => call.path === '/me/sendMail');
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', oid: VICTOR.oid })]);

    // The single mail of the mail dialog goes the same way: queued, then from the seller's mailbox.
    const queued = await f.ok(VICTOR, sendMailToCustomer, {
      body: {
        customerId: f.customer,
        to: 'hans.gruber@gmx.at',
        subject: 'Ihr Termin',
        body: 'Guten Tag.',
      },
    });
    expect(queued.status).toBe('wartend');
    const single = await mailWhenSent(f.t.db, queued.id);
    expect(single).toMatchObject({ status: 'gesendet', via: 'graph', error: null });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.mime).toMatch(/^Subject: Ihr Termin/m);
  });

  it('a seller without a connection sends as before (SMTP, here the mail catcher), from the company address', async () => {
    const row = await mailFrom(LENA, 'Ihr Aufmaßtermin');
    expect(row).toMatchObject({ status: 'gesendet', delivered_via: 'mailcatcher', error: null });
    expect(row.raw_message).toMatch(/^From: Strussnig Fenster <office@strussnig\.at>/m);
    expect(f.standIn.state.mailbox(LENA.oid).sent).toHaveLength(0);
  });

  it('after a revocation the seller’s mails go over SMTP again instead of failing', async () => {
    f.standIn.state.revoke(VICTOR.oid);
    await f.t.db
      .updateTable('m365_connection')
      .set({ access_expires_at: new Date(0) })
      .execute();
    const row = await mailFrom(VICTOR, 'Erinnerung');
    // The try finds the connection lost (marked "erneuern" for the person and their lead) and sends over SMTP.
    expect(row).toMatchObject({ status: 'gesendet', delivered_via: 'mailcatcher', error: null });
    expect(row.raw_message).toMatch(/^From: Strussnig Fenster <office@strussnig\.at>/m);
    const status = await f.ok(VICTOR, getConnectionStatus);
    expect(status.state).toBe('erneuern');
    // Only the two of the first test left from the mailbox.
    expect(f.standIn.state.mailbox(VICTOR.oid).sent).toHaveLength(2);
  });

  it('the outbox and Graph agree on 30 mails a minute per sender: the 31st waits, Graph refuses none', async () => {
    await f.connect(VICTOR);
    // 29 mails of the seller went out within this minute (by the outbox, and from their mailbox).
    const { rows: window } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM sent_mail WHERE sender_oid = ${VICTOR.oid} AND status <> 'wartend'
        AND sent_at > now() - interval '1 minute'`.execute(f.t.db);
    for (let i = window[0]!.n; i < 29; i += 1) {
      await sql`INSERT INTO sent_mail (customer_id, sender_oid, sender_name, recipient, subject, body, status, sent_at,
          delivered_via, purpose)
        VALUES (${f.customer}, ${VICTOR.oid}, ${VICTOR.name}, 'hans.gruber@gmx.at', 'Früher', 'x', 'gesendet', now(),
          'graph', 'service')`.execute(f.t.db);
    }
    const box = f.standIn.state.mailbox(VICTOR.oid);
    while (box.sent.filter((sent) => sent.at > Date.now() - 60_000).length < 29) {
      box.sent.push({ at: Date.now(), mime: 'To: früher', saveToSentItems: true });
    }
    const thirtieth = await mailFrom(VICTOR, 'Die dreißigste');
    expect(thirtieth).toMatchObject({ status: 'gesendet', delivered_via: 'graph' });
    const calls = f.standIn.state.calls.length;
    const id = await f.t.db
      .transaction()
      .execute((trx) => queueMail(trx, f.t.app.jobs, callerOf(VICTOR), mailTo('Die einunddreißigste')));
    const until = Date.now() + 20_000;
    let row = await f.t.db.selectFrom('sent_mail').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    while (!row.next_attempt_at && row.status === 'wartend' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await f.t.db.selectFrom('sent_mail').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    }
    // The outbox holds it for the next free minute; Graph was not asked (no 429 from the mailbox).
    expect(row).toMatchObject({ status: 'wartend', error: null });
    expect(row.next_attempt_at).not.toBeNull();
    expect(f.standIn.state.calls.slice(calls).filter((call) => call.path === '/me/sendMail')).toEqual([]);
  });
});
