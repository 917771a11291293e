import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../../server/notifications';
import {
  countUnreadNotifications,
  listNotifications,
  markNotificationsRead,
} from '../../../src/resources/notifications/notifications.endpoints';
import { openSse } from '../../support/sseStream';
import { createTestApp, resultOf, TEST_PERSON_OID, type TestApp } from '../../support/testApp';

const SELLER = ['APP_KUNDE'];

/** The bell: the caller's own notifications newest first, the unread count, mark read, live to open pages. */
describe('notifications', () => {
  let t: TestApp;
  let me: number;
  let other: number;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    const users = await sql<{ id: number }>`
      INSERT INTO app_user (azure_oid, name, email) VALUES (${TEST_PERSON_OID}, 'Test Person', 'test@strussnig.at'),
        ('oid-andere', 'Andere Person', 'andere@strussnig.at')
      RETURNING id`.execute(t.db);
    me = users.rows[0]!.id;
    other = users.rows[1]!.id;
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const list = (query: { unread?: boolean } = {}, groups = SELLER) =>
    t.callEndpoint(groups, listNotifications, { query });
  const markRead = (ids: number[] | null, groups = SELLER) =>
    t.callEndpoint(groups, markNotificationsRead, { body: { ids } });

  it('lists only the caller’s own, newest first; counts and marks them read; a muted kind is not kept', async () => {
    await t.db.transaction().execute((trx) =>
      notify(trx, [
        { userId: me, kind: 'todo', title: 'Erste', link: '/crm/vorgaenge/1/show' },
        { userId: other, kind: 'todo', title: 'Fremde' },
        { userId: me, kind: 'hinweis', title: 'Zweite' },
      ]),
    );
    const page = await resultOf(list());
    const { rows } = page;
    expect(rows.map((row) => row.title)).toEqual(['Zweite', 'Erste']);
    expect(rows[1]!.link).toBe('/crm/vorgaenge/1/show');
    expect(page.unread).toBe(2);
    expect((await resultOf(markRead([rows[1]!.id]))).unread).toBe(1);
    // Mein Tag on a phone asks for the unread ones only.
    const unread = await resultOf(list({ unread: true }));
    expect(unread.rows.map((row) => row.title)).toEqual(['Zweite']);
    expect(unread.unread).toBe(1);
    // Another person's id is not the caller's to mark.
    const foreign = (
      await sql<{ id: number }>`SELECT id::int FROM notification WHERE title = 'Fremde'`.execute(t.db)
    ).rows[0]!;
    await markRead([foreign.id]);
    expect(
      (
        await sql<{
          read: boolean;
        }>`SELECT read_at IS NOT NULL AS read FROM notification WHERE id = ${foreign.id}`.execute(t.db)
      ).rows[0]!.read,
    ).toBe(false);
    expect((await resultOf(markRead(null))).unread).toBe(0);
    expect((await resultOf(t.callEndpoint(SELLER, countUnreadNotifications))).unread).toBe(0);
    // A person who switched a kind off does not get it.
    await sql`INSERT INTO notification_setting (user_id, muted_kinds) VALUES (${me}, '{hinweis}')`.execute(
      t.db,
    );
    const kept = await t.db
      .transaction()
      .execute((trx) => notify(trx, [{ userId: me, kind: 'hinweis', title: 'Stumm' }]));
    expect(kept).toBe(0);
  });

  it('refuses a caller without a CRM group (403)', async () => {
    expect((await list({}, [])).status).toBe(403);
    expect((await markRead(null, [])).status).toBe(403);
  });

  it('reaches the person’s open page live, within a second of the commit, and nobody else’s', async () => {
    const mine = await openSse(`${url}/api/notification/events`, {
      authorization: `Bearer ${await t.tokenFor(SELLER)}`,
    });
    try {
      const started = Date.now();
      await t.db.transaction().execute((trx) =>
        notify(trx, [
          { userId: other, kind: 'todo', title: 'Nicht für mich' },
          { userId: me, kind: 'todo', title: 'Live' },
        ]),
      );
      const event = await mine.next(2_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(event.event).toBe('notification');
      const { id } = JSON.parse(event.data) as { id: number };
      const row = (
        await sql<{ title: string }>`SELECT title FROM notification WHERE id = ${id}`.execute(t.db)
      ).rows[0]!;
      expect(row.title).toBe('Live');
    } finally {
      mine.close();
    }
  });
});
