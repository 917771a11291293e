import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueItems, dueItemsQuery, type DueRow } from '../../../server/todos/dueItemQueries';
import type { BodyOf, QueryOf } from '../../../src/api/endpoint';
import {
  getTodoCount,
  getTodos,
  markDueItemDone,
  postponeDueItem,
  reopenDueItem,
} from '../../../src/resources/todos/dueItems.endpoints';
import { getVorgangsFaellig } from '../../../src/resources/todos/dueLabels.endpoints';
import { createTestApp, ISSUER, resultOf, type TestApp, type TestCaller } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';
import { workbookOf } from '../../support/excelWorkbook';

const VICTOR = { oid: 'oid-victor', groups: ['APP_KUNDE', 'APP_STANDORT_S_VILLACH'] };
const LENA = { oid: 'oid-lena', groups: ['APP_KUNDE', 'APP_ADMIN_VERKAUF', 'APP_STANDORT_S_VILLACH'] };
const WILLI = { oid: 'oid-willi', groups: ['APP_KUNDE', 'APP_STANDORT_S_WIEN'] };

type Person = TestCaller;
/** An activity's item always has a version (only labels have none): fails instead of sending none. */
const missing = (): never => {
  throw new Error('Version fehlt');
};
type Scope = QueryOf<typeof getTodos>;

describe('due items: Todos and Fällige Labels', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const id = async (query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(t.db)).rows[0]!.id;
  const todoList = (person: Person, query: Scope = {}) =>
    resultOf(t.callEndpoint(person, getTodos, { query }));
  const dueLabels = (person: Person, query: Scope = {}) =>
    resultOf(t.callEndpoint(person, getVorgangsFaellig, { query }));
  const todoCount = async (person: Person) => (await t.callEndpoint(person, getTodoCount)).result;
  const todayInVienna = async () =>
    (await sql<{ d: string }>`SELECT (now() AT TIME ZONE 'Europe/Vienna')::date AS d`.execute(t.db)).rows[0]!
      .d;

  beforeAll(async () => {
    t = await createTestApp();
    const branch = async (name: string, group: string) =>
      id(sql`INSERT INTO branch (name, location_group) VALUES (${name}, ${group}) RETURNING id`);
    ids.villach = await branch('Villach', 'APP_STANDORT_S_VILLACH');
    ids.wien = await branch('Wien', 'APP_STANDORT_S_WIEN');
    const user = async (oid: string, name: string, branchId: number) =>
      id(
        sql`INSERT INTO app_user (azure_oid, name, branch_id) VALUES (${oid}, ${name}, ${branchId}) RETURNING id`,
      );
    ids.victor = await user(VICTOR.oid, 'Victor Verkauf', ids.villach);
    ids.lena = await user(LENA.oid, 'Lena Leitung', ids.villach);
    ids.willi = await user(WILLI.oid, 'Willi Wien', ids.wien);
    const customer = async (name: string, owner: number, branchId: number) =>
      id(
        sql`INSERT INTO customer (last_name, owner_user_id, branch_id) VALUES (${name}, ${owner}, ${branchId}) RETURNING id`,
      );
    ids.gruber = await customer('Gruber', ids.victor, ids.villach);
    ids.huber = await customer('Huber', ids.willi, ids.wien);
    ids.vorgang = await id(sql`
      INSERT INTO vorgang (vorgang_number, customer_id, title, seller_user_id, branch_id)
      VALUES ('V-17', ${ids.gruber}, 'Fenster Erdgeschoss', ${ids.victor}, ${ids.villach}) RETURNING id`);
    ids.rueckruf = await id(sql`INSERT INTO label (name, color) VALUES ('Rückruf', '#f00') RETURNING id`);
    ids.angebot = await id(
      sql`INSERT INTO label (name, color) VALUES ('Angebot nachfassen', '#0a0') RETURNING id`,
    );
  });
  afterAll(() => t.close());

  describe('the company day in SQL', () => {
    const scope = () => ({ userIds: [ids.willi!] });
    beforeAll(async () => {
      await sql`INSERT INTO customer_label (customer_id, label_id, due_date) VALUES
        (${ids.huber}, ${ids.rueckruf}, '2026-01-15')`.execute(t.db);
    });
    afterAll(async () => {
      await sql`DELETE FROM customer_label WHERE customer_id = ${ids.huber}`.execute(t.db);
    });
    const bucketAt = async (zone: string, now: string) => {
      const result = await dueItems(t.db, zone, scope(), 'todos', new Date(now));
      return { today: result.today, bucket: result.items[0]!.bucket };
    };

    it('at 23:30 UTC in winter it is already the next day in Vienna and Berlin', async () => {
      expect(await bucketAt('Europe/Vienna', '2026-01-14T22:59:00Z')).toEqual({
        today: '2026-01-14',
        bucket: 'morgen',
      });
      expect(await bucketAt('Europe/Vienna', '2026-01-14T23:30:00Z')).toEqual({
        today: '2026-01-15',
        bucket: 'heute',
      });
      expect(await bucketAt('Europe/Berlin', '2026-01-14T23:30:00Z')).toEqual({
        today: '2026-01-15',
        bucket: 'heute',
      });
      expect(await bucketAt('Europe/Vienna', '2026-01-15T23:00:00Z')).toEqual({
        today: '2026-01-16',
        bucket: 'ueberfaellig',
      });
    });

    it('in summer the day starts at 22:00 UTC, across the March switch too', async () => {
      await sql`UPDATE customer_label SET due_date = '2026-03-29' WHERE customer_id = ${ids.huber}`.execute(
        t.db,
      );
      // 28 March 23:30 UTC is 00:30 CET on the 29th; the clocks go forward at 01:00 UTC that day.
      expect(await bucketAt('Europe/Vienna', '2026-03-28T23:30:00Z')).toEqual({
        today: '2026-03-29',
        bucket: 'heute',
      });
      expect(await bucketAt('Europe/Vienna', '2026-03-29T21:59:00Z')).toEqual({
        today: '2026-03-29',
        bucket: 'heute',
      });
      expect(await bucketAt('Europe/Vienna', '2026-03-29T22:00:00Z')).toEqual({
        today: '2026-03-30',
        bucket: 'ueberfaellig',
      });
    });

    it('Todos know "Morgen", Fällige Labels count it to "Diese Woche"', async () => {
      await sql`UPDATE customer_label SET due_date = '2026-01-15' WHERE customer_id = ${ids.huber}`.execute(
        t.db,
      );
      const now = new Date('2026-01-14T10:00:00Z'); // a Wednesday
      const todos = await dueItems(t.db, 'Europe/Vienna', scope(), 'todos', now);
      const labels = await dueItems(t.db, 'Europe/Vienna', scope(), 'labels', now);
      expect(todos.items[0]!.bucket).toBe('morgen');
      expect(labels.items[0]!.bucket).toBe('dieseWoche');
      // The buckets' counts follow the same rule as the items.
      expect(todos.buckets).toMatchObject({ morgen: 1, dieseWoche: 0 });
      expect(labels.buckets).toMatchObject({ morgen: 0, dieseWoche: 1 });
    });
  });

  describe('through the API', () => {
    let today: string;
    beforeAll(async () => {
      today = await todayInVienna();
      await sql`INSERT INTO vorgang_label (vorgang_id, label_id, due_date) VALUES
        (${ids.vorgang}, ${ids.angebot}, ${today}::date)`.execute(t.db);
      await sql`INSERT INTO customer_label (customer_id, label_id, due_date) VALUES
        (${ids.gruber}, ${ids.rueckruf}, ${today}::date - 3),
        (${ids.huber}, ${ids.rueckruf}, ${today}::date)`.execute(t.db);
      await sql`INSERT INTO activity (customer_id, activity_type, due_date, user_id, vorgang_id) VALUES
        (${ids.gruber}, 'anruf', ${today}::date + 20, ${ids.victor}, ${ids.vorgang}),
        (${ids.gruber}, 'termin', ${today}::date, ${ids.victor}, NULL),
        (${ids.gruber}, 'besuch', NULL, ${ids.victor}, NULL)`.execute(t.db);
      await sql`INSERT INTO activity (customer_id, activity_type, due_date, user_id, done) VALUES
        (${ids.gruber}, 'anruf', ${today}::date - 1, ${ids.victor}, true)`.execute(t.db);
    });

    it('Todos show my open activities with a due date and my due labels, by bucket', async () => {
      const todos = await todoList(VICTOR);
      expect(todos.today).toBe(today);
      const summary = todos.items.map((item) => `${item.kind}:${item.title}:${item.bucket}`);
      expect(summary).toEqual([
        'kundeLabel:Rückruf:ueberfaellig',
        'aktivitaet:termin:heute',
        'vorgangLabel:Angebot nachfassen:heute',
        'aktivitaet:anruf:spaeter',
      ]);
      expect(todos).toMatchObject({ total: 4, urgent: 3 });
      expect(todos.buckets).toEqual({ ueberfaellig: 1, heute: 2, morgen: 0, dieseWoche: 0, spaeter: 1 });
      expect(await todoCount(VICTOR)).toEqual({
        urgent: 3,
      });
    });

    it('counts every bucket in full when only the first 500 items come along', async () => {
      const before = await todoList(WILLI);
      await sql`INSERT INTO activity (customer_id, activity_type, due_date, user_id, note)
        SELECT ${ids.gruber}, 'anruf', ${today}::date - 1 - (n % 30), ${ids.willi}, 'bucket-count'
        FROM generate_series(1, 520) n`.execute(t.db);
      try {
        const todos = await todoList(WILLI);
        expect(todos.items).toHaveLength(500);
        expect(todos.total).toBe(before.total + 520);
        expect(todos.buckets).toEqual({
          ...before.buckets,
          ueberfaellig: before.buckets.ueberfaellig! + 520,
        });
        const counted = Object.values(todos.buckets).reduce((sum, n) => sum + n, 0);
        expect(counted).toBe(todos.total);
      } finally {
        await sql`DELETE FROM activity WHERE note = 'bucket-count'`.execute(t.db);
      }
    });

    it('Fällige Labels show only labels, Vorgang and customer ones', async () => {
      const due = await dueLabels(VICTOR);
      expect(due.items.map((item) => item.key)).toEqual([
        `kundeLabel:${ids.gruber}:${ids.rueckruf}`,
        `vorgangLabel:${ids.vorgang}:${ids.angebot}`,
      ]);
    });

    it('a seller sees only his own; a lead sees the branch and a colleague of it, nobody else', async () => {
      expect((await todoList(WILLI)).items.map((item) => item.customerName)).toEqual(['Huber']);
      expect((await t.callEndpoint(VICTOR, getTodos, { query: { scope: 'branch' } })).status).toBe(403);
      expect(
        (await t.callEndpoint(VICTOR, getTodos, { query: { scope: 'user', userId: ids.lena! } })).status,
      ).toBe(403);
      expect((await todoList(LENA)).total).toBe(0);
      expect((await todoList(LENA, { scope: 'branch' })).total).toBe(4);
      expect((await dueLabels(LENA, { scope: 'user', userId: ids.victor! })).total).toBe(2);
      const foreign = await t.callEndpoint(LENA, getTodos, { query: { scope: 'user', userId: ids.willi! } });
      expect(foreign.status).toBe(403);
    });

    it('marks a label done (removes it) and undoes it; a stale due date is 409', async () => {
      const key = `vorgangLabel:${ids.vorgang}:${ids.angebot}`;
      const versionBefore = (
        await sql<{ v: number }>`SELECT version AS v FROM vorgang WHERE id = ${ids.vorgang}`.execute(t.db)
      ).rows[0]!.v;
      const stale = await t.callEndpoint(VICTOR, markDueItemDone, {
        body: { key, expectedDueDate: '2020-01-01' },
      });
      expect(stale.status).toBe(409);
      const done = await t.callEndpoint(VICTOR, markDueItemDone, { body: { key, expectedDueDate: today } });
      expect(done.status).toBe(200);
      expect(done.result).toEqual({ key, dueDate: today, done: true, version: null });
      expect((await dueLabels(VICTOR)).items.map((item) => item.key)).not.toContain(key);
      const after = (
        await sql<{ v: number }>`SELECT version AS v FROM vorgang WHERE id = ${ids.vorgang}`.execute(t.db)
      ).rows[0]!.v;
      expect(after).toBe(versionBefore + 1);
      const undo = await t.callEndpoint(VICTOR, reopenDueItem, { body: { key, dueDate: today } });
      expect(undo.status).toBe(200);
      expect((await dueLabels(VICTOR)).items.find((item) => item.key === key)?.bucket).toBe('heute');
      const twice = await t.callEndpoint(VICTOR, reopenDueItem, { body: { key, dueDate: today } });
      expect(twice.status).toBe(409);
    });

    it('moves a customer label by a week and back', async () => {
      const key = `kundeLabel:${ids.gruber}:${ids.rueckruf}`;
      const overdue = (await todoList(VICTOR)).items.find((item) => item.key === key)!;
      const later = await t.callEndpoint(VICTOR, postponeDueItem, {
        body: { key, expectedDueDate: overdue.dueDate, dueDate: '2099-01-08' },
      });
      expect(later.status).toBe(200);
      expect((await todoList(VICTOR)).items.find((item) => item.key === key)?.bucket).toBe('spaeter');
      const back = await t.callEndpoint(VICTOR, postponeDueItem, {
        body: { key, expectedDueDate: '2099-01-08', dueDate: overdue.dueDate },
      });
      expect(back.status).toBe(200);
    });

    it('marks an activity done at its version, 409 on a stale one, undo reopens it', async () => {
      const item = (await todoList(VICTOR)).items.find((row) => row.title === 'termin')!;
      await sql`UPDATE activity SET updated_by = 'Lena Leitung' WHERE id = ${Number(item.key.split(':')[1])}`.execute(
        t.db,
      );
      const stale = await t.callEndpoint(VICTOR, markDueItemDone, {
        body: { key: item.key, expectedDueDate: item.dueDate, version: item.version! + 5 },
      });
      expect(stale.status).toBe(409);
      expect(JSON.stringify(stale)).toContain('Die Aktivität wurde inzwischen von Lena Leitung geändert.');
      const done = await t.callEndpoint(VICTOR, markDueItemDone, {
        body: { key: item.key, expectedDueDate: item.dueDate, version: item.version ?? missing() },
      });
      expect(done.status).toBe(200);
      const change = done.result;
      expect((await todoList(VICTOR)).items.map((row) => row.key)).not.toContain(item.key);
      expect(await todoCount(VICTOR)).toEqual({
        urgent: 2,
      });
      const undo = await t.callEndpoint(VICTOR, reopenDueItem, {
        body: { key: item.key, dueDate: item.dueDate, version: change.version ?? missing() },
      });
      expect(undo.status).toBe(200);
      expect((await todoList(VICTOR)).items.map((row) => row.key)).toContain(item.key);
    });

    it('a done or postpone sent twice with one Idempotency-Key changes once and answers the same, per person', async () => {
      const item = (await todoList(VICTOR)).items.find((row) => row.title === 'anruf')!;
      const key = randomUUID();
      const postpone = (person: Person, body: BodyOf<typeof postponeDueItem>) =>
        t.callEndpoint(person, postponeDueItem, { body, idempotencyKey: key });
      const moveTo = await todayInVienna();
      const payload = {
        key: item.key,
        expectedDueDate: item.dueDate,
        version: item.version ?? missing(),
        dueDate: moveTo,
      };
      const first = await postpone(VICTOR, payload);
      const again = await postpone(VICTOR, payload);
      expect(first.status).toBe(200);
      // Without the key the repeat would be a 409: the version and due date moved on with the first send.
      expect(again.status).toBe(200);
      expect(again).toEqual(first);
      const { rows } = await sql<{ version: number }>`SELECT version FROM activity WHERE id = ${Number(
        item.key.split(':')[1],
      )}`.execute(t.db);
      expect(rows[0]!.version).toBe(item.version! + 1);
      // Lena's equal key is hers: her request is checked on its own (a stale due date now), not replayed.
      const lenas = await postpone(LENA, { ...payload, dueDate: '2099-01-01' });
      expect(lenas.status).toBe(409);
      const done = { key: item.key, expectedDueDate: moveTo, version: item.version! + 1 };
      const doneKey = randomUUID();
      const markDone = () => t.callEndpoint(VICTOR, markDueItemDone, { body: done, idempotencyKey: doneKey });
      expect((await markDone()).status).toBe(200);
      const repeated = await markDone();
      expect(repeated.status).toBe(200);
      expect(repeated.result).toMatchObject({ done: true, version: item.version! + 2 });
    });

    it('a repeat of done or postpone under a new key (tapped twice offline) is the same result: no conflict, nothing written', async () => {
      const item = (await todoList(VICTOR)).items.find((row) => row.kind === 'aktivitaet')!;
      const id = Number(item.key.split(':')[1]);
      const version = async () =>
        (await sql<{ v: number }>`SELECT version AS v FROM activity WHERE id = ${id}`.execute(t.db)).rows[0]!
          .v;
      const postpone = (body: BodyOf<typeof postponeDueItem>) =>
        t.callEndpoint(VICTOR, postponeDueItem, { body, idempotencyKey: randomUUID() });
      const markDone = (body: BodyOf<typeof markDueItemDone>) =>
        t.callEndpoint(VICTOR, markDueItemDone, { body, idempotencyKey: randomUUID() });
      const seen = { key: item.key, expectedDueDate: item.dueDate, version: item.version ?? missing() };
      const moved = await postpone({ ...seen, dueDate: '2099-03-01' });
      expect(moved.status).toBe(200);
      const afterMove = await version();
      const movedAgain = await postpone({ ...seen, dueDate: '2099-03-01' });
      expect(movedAgain.status).toBe(200);
      expect(movedAgain.result).toEqual({
        key: item.key,
        done: false,
        dueDate: '2099-03-01',
        version: afterMove,
      });
      // Another day than the one it was moved to is a conflict: the seller saw a due date that is no longer.
      expect((await postpone({ ...seen, dueDate: '2099-04-01' })).status).toBe(409);
      const at = { key: item.key, expectedDueDate: '2099-03-01', version: afterMove };
      expect((await markDone(at)).status).toBe(200);
      const afterDone = await version();
      const doneAgain = await markDone(at);
      expect(doneAgain.status).toBe(200);
      expect(doneAgain.result).toMatchObject({ done: true, version: afterDone });
      // Also from the state before the move (the first tap's list, kept on the device): done is done.
      expect((await markDone(seen)).status).toBe(200);
      expect(await version()).toBe(afterDone);
      // A label removed already is removed: the same "erledigt" again is no conflict.
      const label = `kundeLabel:${ids.gruber}:${ids.rueckruf}`;
      const due = (await todoList(VICTOR)).items.find((row) => row.key === label)!;
      const labelDone = { key: label, expectedDueDate: due.dueDate };
      expect((await markDone(labelDone)).status).toBe(200);
      expect((await markDone(labelDone)).status).toBe(200);
      await t.callEndpoint(VICTOR, reopenDueItem, { body: { key: label, dueDate: due.dueDate } });
      // As it was for the tests after this one.
      const reopened = await resultOf(
        t.callEndpoint(VICTOR, reopenDueItem, {
          body: { key: item.key, dueDate: '2099-03-01', version: afterDone },
        }),
      );
      const back = await postpone({
        key: item.key,
        expectedDueDate: '2099-03-01',
        version: reopened.version ?? missing(),
        dueDate: item.dueDate,
      });
      expect(back.status).toBe(200);
    });

    it("refuses changes of someone else's items (403) and unknown keys or days (German 400), nothing changed", async () => {
      const willis = `kundeLabel:${ids.huber}:${ids.rueckruf}`;
      const refused = await t.callEndpoint(VICTOR, markDueItemDone, {
        body: { key: willis, expectedDueDate: today },
      });
      expect(refused.status).toBe(403);
      const lenaToo = await t.callEndpoint(LENA, markDueItemDone, {
        body: { key: willis, expectedDueDate: today },
      });
      expect(lenaToo.status).toBe(403);
      const badKey = await t.callEndpoint(VICTOR, markDueItemDone, {
        body: { key: 'foo:1', expectedDueDate: today },
      });
      expect(badKey.status).toBe(400);
      expect(JSON.stringify(badKey)).toContain('kein gültiger Eintrag');
      const badDay = await t.callEndpoint(VICTOR, postponeDueItem, {
        body: { key: willis, expectedDueDate: today, dueDate: 'morgen' },
      });
      expect(badDay.status).toBe(400);
      expect((await todoList(WILLI)).total).toBe(1);
    });

    it('a lead marks a label of her branch done', async () => {
      const key = `kundeLabel:${ids.gruber}:${ids.rueckruf}`;
      const item = (await dueLabels(LENA, { scope: 'branch' })).items.find((row) => row.key === key)!;
      const done = await t.callEndpoint(LENA, markDueItemDone, {
        body: { key, expectedDueDate: item.dueDate },
      });
      expect(done.status).toBe(200);
      await t.callEndpoint(LENA, reopenDueItem, { body: { key, dueDate: item.dueDate } });
    });

    it('exports exactly the due labels the list shows, as real dates', async () => {
      const due = await dueLabels(LENA, { scope: 'branch' });
      const token = await signAccessToken(t.signingKey, ISSUER, LENA.groups, { oid: LENA.oid });
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/vorgang/exportVorgangFaelligExcel',
        query: { scope: 'branch' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      const workbook = await workbookOf(response.rawPayload);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.rowCount - 1).toBe(due.total);
      expect(sheet.getRow(1).getCell(3).value).toBe('Label');
      expect(sheet.getRow(2).getCell(2).value).toBeInstanceOf(Date);
      expect(sheet.getRow(2).getCell(1).value).toBe('Überfällig');
    });

    it('the first page picked per kind is the head of the whole list, for every page size', async () => {
      const branch = { branchIds: [ids.villach!] };
      const all = (await dueItemsQuery(branch, 'todos').execute(t.db)).rows.map((row) => row.key);
      expect(all.length).toBeGreaterThan(2);
      for (let size = 1; size <= all.length; size++) {
        const page = await sql<DueRow>`${dueItemsQuery(branch, 'todos', size)} LIMIT ${size}`.execute(t.db);
        expect(page.rows.map((row) => row.key)).toEqual(all.slice(0, size));
      }
    });

    it("a Vorgang or customer handed to a colleague takes its due labels to the colleague's lists", async () => {
      const keys = async (person: Person) => (await todoList(person)).items.map((i) => i.key);
      const vorgangLabel = `vorgangLabel:${ids.vorgang}:${ids.angebot}`;
      const customerLabel = `kundeLabel:${ids.gruber}:${ids.rueckruf}`;
      expect(await keys(VICTOR)).toEqual(expect.arrayContaining([vorgangLabel, customerLabel]));
      await sql`UPDATE vorgang SET seller_user_id = ${ids.willi}, branch_id = ${ids.wien} WHERE id = ${ids.vorgang}`.execute(
        t.db,
      );
      await sql`UPDATE customer SET owner_user_id = ${ids.willi}, branch_id = ${ids.wien} WHERE id = ${ids.gruber}`.execute(
        t.db,
      );
      expect(await keys(VICTOR)).not.toEqual(expect.arrayContaining([vorgangLabel]));
      expect(await keys(VICTOR)).not.toEqual(expect.arrayContaining([customerLabel]));
      expect(await keys(WILLI)).toEqual(expect.arrayContaining([vorgangLabel, customerLabel]));
      expect((await dueLabels(LENA, { scope: 'branch' })).total).toBe(0);
      // A label added now takes the current owner too.
      await sql`INSERT INTO vorgang_label (vorgang_id, label_id, due_date) VALUES (${ids.vorgang}, ${ids.rueckruf}, ${today}::date)`.execute(
        t.db,
      );
      expect(await keys(WILLI)).toContain(`vorgangLabel:${ids.vorgang}:${ids.rueckruf}`);
      expect(await todoCount(WILLI)).toMatchObject({
        urgent: (await todoList(WILLI)).urgent,
      });
    });
  });
});
