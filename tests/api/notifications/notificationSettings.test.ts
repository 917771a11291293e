import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getNotificationSettings,
  putNotificationSettings,
} from '../../../src/resources/notifications/notifications.endpoints';
import { notify } from '../../../server/notifications';
import { dailyDigestJob, sendDailyDigests } from '../../../server/notifications/dailyDigestJob';
import { connectionStringOf } from '../../../server/platform/db/database';
import { runJobOnce } from '../../support/runJob';
import { createTestApp, TEST_PERSON_OID, type TestApp } from '../../support/testApp';

const SELLER = ['APP_KUNDE'];

/** Per person: which kinds they get, and the daily e-mail digest of what is unread (Profil → Benachrichtigungen). */
describe('notification settings and the daily digest', () => {
  let t: TestApp;
  let me: number;
  let other: number;

  beforeAll(async () => {
    t = await createTestApp();
    const users = await sql<{ id: number }>`
      INSERT INTO app_user (azure_oid, name, email) VALUES (${TEST_PERSON_OID}, 'Test Person', 'test@strussnig.at'),
        ('oid-andere', 'Andere Person', 'andere@strussnig.at')
      RETURNING id`.execute(t.db);
    me = users.rows[0]!.id;
    other = users.rows[1]!.id;
  });
  afterAll(() => t.close());

  const mails = async () =>
    (
      await sql<{ recipient: string; subject: string; body: string }>`
        SELECT recipient, subject, body FROM sent_mail ORDER BY id`.execute(t.db)
    ).rows;
  const settingOf = async (userId: number) =>
    (
      await sql<{ muted: string[]; digest: boolean; sentOn: string | null }>`
        SELECT muted_kinds AS muted, daily_digest AS digest, to_char(digest_sent_on, 'YYYY-MM-DD') AS "sentOn"
        FROM notification_setting WHERE user_id = ${userId}`.execute(t.db)
    ).rows[0];

  it('reads the defaults, saves the caller’s own settings (the same PUT twice is the same state)', async () => {
    const fresh = await t.callEndpoint(SELLER, getNotificationSettings);
    expect(fresh.result).toEqual({ mutedKinds: [], dailyDigest: false, digestAddress: 'test@strussnig.at' });
    const body = { mutedKinds: ['hinweis' as const], dailyDigest: true };
    const saved = await t.callEndpoint(SELLER, putNotificationSettings, { body });
    expect(saved.status).toBe(200);
    expect(saved.result).toEqual({ ...body, digestAddress: 'test@strussnig.at' });
    expect((await t.callEndpoint(SELLER, putNotificationSettings, { body })).result).toEqual(saved.result);
    expect((await t.callEndpoint(SELLER, getNotificationSettings)).result).toEqual(saved.result);
    expect(await settingOf(me)).toEqual({ muted: ['hinweis'], digest: true, sentOn: null });
    // Only the caller's row: the other person has none.
    expect(await settingOf(other)).toBeUndefined();
    // A muted kind is not kept for them.
    const kept = await t.db
      .transaction()
      .execute((trx) => notify(trx, [{ userId: me, kind: 'hinweis', title: 'Stumm' }]));
    expect(kept).toBe(0);
  });

  it('refuses bad input with a German message at the field, and saves nothing', async () => {
    const before = await settingOf(me);
    for (const body of [
      { mutedKinds: ['erfunden'], dailyDigest: false },
      { mutedKinds: ['todo', 'todo'], dailyDigest: false },
      { mutedKinds: [], dailyDigest: 'ja' },
    ]) {
      // Sent raw: the declared body type would not let these through.
      const answer = await t.callAs(SELLER, {
        method: putNotificationSettings.method,
        url: `/api/${putNotificationSettings.path}`,
        payload: body,
      });
      expect(answer.status).toBe(400);
      const errors = answer.errors ?? {};
      const field = Object.keys(errors)[0] ?? '';
      expect(field).toMatch(/mutedKinds|dailyDigest/);
      expect(errors[field]).toMatch(/[äöüß]|Bitte|nicht|ungültig|muss/i);
    }
    expect(await settingOf(me)).toEqual(before);
  });

  it('answers 401 without a token, 403 without a CRM group or without a CRM user; nobody else’s settings', async () => {
    expect((await t.callEndpoint(null, getNotificationSettings)).status).toBe(401);
    expect((await t.callEndpoint([], getNotificationSettings)).status).toBe(403);
    expect(
      (await t.callEndpoint([], putNotificationSettings, { body: { mutedKinds: [], dailyDigest: true } }))
        .status,
    ).toBe(403);
    // There is no way to name another person: a user id in the body is dropped, only the caller's row changes.
    // Sent raw: the declared body has no user id to name.
    const foreign = await t.callAs(SELLER, {
      method: putNotificationSettings.method,
      url: `/api/${putNotificationSettings.path}`,
      payload: { userId: other, mutedKinds: ['todo'], dailyDigest: true },
    });
    expect(foreign.status).toBe(200);
    expect(await settingOf(other)).toBeUndefined();
    expect((await settingOf(me))!.muted).toEqual(['todo']);
    // A person the CRM does not know yet has no settings to read or write.
    await sql`UPDATE app_user SET azure_oid = 'oid-weg' WHERE id = ${me}`.execute(t.db);
    try {
      expect((await t.callEndpoint(SELLER, getNotificationSettings)).status).toBe(403);
    } finally {
      await sql`UPDATE app_user SET azure_oid = ${TEST_PERSON_OID} WHERE id = ${me}`.execute(t.db);
    }
  });

  it('sends the digest once per company day from 07:00 Vienna, even run twice and on two instances', async () => {
    await sql`DELETE FROM notification`.execute(t.db);
    await sql`UPDATE notification_setting SET muted_kinds = '{}', daily_digest = true, digest_sent_on = NULL,
      digest_through_id = NULL WHERE user_id = ${me}`.execute(t.db);
    await t.db.transaction().execute((trx) =>
      notify(trx, [
        { userId: me, kind: 'todo', title: 'Angebot nachfassen', link: '/crm/vorgaenge/7/show' },
        { userId: me, kind: 'hinweis', title: 'Gelesen' },
        { userId: other, kind: 'todo', title: 'Nicht meine' },
      ]),
    );
    await sql`UPDATE notification SET read_at = now() WHERE title = 'Gelesen'`.execute(t.db);
    // 06:30 in Vienna (winter, UTC+1): too early.
    expect(await sendDailyDigests(t.app, new Date('2027-01-14T05:30:00Z'))).toBe(0);
    expect(await mails()).toEqual([]);
    // 07:05 in Vienna: two instances over one database at the same moment, and a repeated run.
    const b = await createTestApp({ databaseUrl: connectionStringOf(t.db), instanceName: 'instanz-b' });
    try {
      const at = new Date('2027-01-14T06:05:00Z');
      const counts = await Promise.all([sendDailyDigests(t.app, at), sendDailyDigests(b.app, at)]);
      expect(counts.sort()).toEqual([0, 1]);
      // Something new in the afternoon waits for tomorrow's digest; read in the app meanwhile, it is not sent.
      await t.db
        .transaction()
        .execute((trx) => notify(trx, [{ userId: me, kind: 'todo', title: 'Nachmittags' }]));
      expect(await sendDailyDigests(b.app, new Date('2027-01-14T16:00:00Z'))).toBe(0);
      await sql`UPDATE notification SET read_at = now() WHERE title = 'Nachmittags'`.execute(t.db);
    } finally {
      await b.close();
    }
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.recipient).toBe('test@strussnig.at');
    expect(sent[0]!.subject).toBe('Ihre Benachrichtigungen im CRM vom 14.01.2027');
    expect(sent[0]!.body).toContain('Sie haben 1 ungelesene Benachrichtigung im CRM');
    expect(sent[0]!.body).toContain('- Angebot nachfassen');
    expect(sent[0]!.body).toContain('http://localhost:3000/crm/vorgaenge/7/show');
    expect(sent[0]!.body).not.toContain('Gelesen');
    expect(sent[0]!.body).not.toContain('Nicht meine');
    expect((await settingOf(me))!.sentOn).toBe('2027-01-14');
    // The job itself, on the real clock (an earlier company day than the one already sent): nothing more.
    await runJobOnce(dailyDigestJob, t.app);
    await runJobOnce(dailyDigestJob, t.app);
    expect(await mails()).toHaveLength(1);
  });

  it('sends nothing when nothing new is unread; the company day turns at midnight Vienna, not UTC', async () => {
    await sql`DELETE FROM sent_mail`.execute(t.db);
    // Next day, only the one already in yesterday's digest is unread: nothing sent, the day is done.
    expect(await sendDailyDigests(t.app, new Date('2027-01-15T08:00:00Z'))).toBe(0);
    expect((await settingOf(me))!.sentOn).toBe('2027-01-15');
    await t.db
      .transaction()
      .execute((trx) => notify(trx, [{ userId: me, kind: 'todo', title: 'Später am Tag' }]));
    // Still 15 January in Vienna at 22:30 UTC: nothing; at 23:30 UTC it is 16 January there (UTC: still the 15th).
    expect(await sendDailyDigests(t.app, new Date('2027-01-15T22:30:00Z'), { fromHour: 0 })).toBe(0);
    expect(await mails()).toEqual([]);
    expect(await sendDailyDigests(t.app, new Date('2027-01-15T23:30:00Z'), { fromHour: 0 })).toBe(1);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Ihre Benachrichtigungen im CRM vom 16.01.2027');
    expect(sent[0]!.body).toContain('- Später am Tag');
    expect(sent[0]!.body).not.toContain('Angebot nachfassen');
    expect((await settingOf(me))!.sentOn).toBe('2027-01-16');
  });

  it('skips people without an e-mail address and people with the digest off', async () => {
    await sql`DELETE FROM sent_mail`.execute(t.db);
    await sql`UPDATE app_user SET email = NULL WHERE id = ${me}`.execute(t.db);
    await sql`INSERT INTO notification_setting (user_id, daily_digest) VALUES (${other}, false)`.execute(
      t.db,
    );
    await t.db.transaction().execute((trx) =>
      notify(trx, [
        { userId: me, kind: 'todo', title: 'Ohne Adresse' },
        { userId: other, kind: 'todo', title: 'Ohne Zusammenfassung' },
      ]),
    );
    expect(await sendDailyDigests(t.app, new Date('2027-01-17T09:00:00Z'))).toBe(0);
    expect(await mails()).toEqual([]);
    // With an address again, the next run sends what waited.
    await sql`UPDATE app_user SET email = 'test@strussnig.at' WHERE id = ${me}`.execute(t.db);
    expect(await sendDailyDigests(t.app, new Date('2027-01-17T09:15:00Z'))).toBe(1);
    expect((await mails())[0]!.body).toContain('- Ohne Adresse');
  });
});
