import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BodyOf } from '../../../src/api/endpoint';
import type { BulkJob } from '../../../src/resources/bulkActions/bulkActionTypes';
import { getBulkJob, startBulkAction } from '../../../src/resources/bulkActions/bulkActions.endpoints';
import { createTestApp, ISSUER, resultOf, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';
import { workbookOf } from '../../support/excelWorkbook';

const VICTOR = { oid: 'oid-victor', groups: ['APP_KUNDE', 'APP_STANDORT_S_VILLACH'] };
const LENA = { oid: 'oid-lena', groups: ['APP_KUNDE', 'APP_ADMIN_VERKAUF', 'APP_STANDORT_S_VILLACH'] };
const WILLI = { oid: 'oid-willi', groups: ['APP_KUNDE', 'APP_STANDORT_S_WIEN'] };
type Person = typeof VICTOR;

describe('bulk actions on Fällige Labels', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const id = async (query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(t.db)).rows[0]!.id;
  const start = (person: Person, body: Omit<BodyOf<typeof startBulkAction>, 'target'>) =>
    t.callEndpoint(person, startBulkAction, { body: { target: 'faelligeLabels', ...body } });
  /** Follows the job as the progress dialog does, until it is finished. */
  const finished = async (person: Person, jobId: number): Promise<BulkJob> => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const job = await resultOf(t.callEndpoint(person, getBulkJob, { params: { id: jobId } }));
      if (job.state === 'fertig') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Sammelaktion ${jobId} wurde nicht fertig`);
  };
  const run = async (person: Person, body: Omit<BodyOf<typeof startBulkAction>, 'target'>) =>
    finished(person, (await resultOf(start(person, body))).id);
  /** Every due label now, as key → due day. */
  const dueLabels = async () => {
    const { rows } = await sql<{ key: string; day: string }>`
      SELECT 'vorgangLabel:' || vorgang_id || ':' || label_id AS key, due_date::text AS day FROM vorgang_label
      UNION ALL
      SELECT 'kundeLabel:' || customer_id || ':' || label_id, due_date::text FROM customer_label
      ORDER BY 1`.execute(t.db);
    return Object.fromEntries(rows.map((row) => [row.key, row.day]));
  };
  const today = async () =>
    (await sql<{ d: string }>`SELECT (now() AT TIME ZONE 'Europe/Vienna')::date::text AS d`.execute(t.db))
      .rows[0]!.d;
  const lastRecord = async () =>
    (await sql<{ n: string }>`SELECT coalesce(max(id), 0)::text AS n FROM change_record`.execute(t.db))
      .rows[0]!.n;
  const key = {
    v1: () => `vorgangLabel:${ids.v1}:${ids.rueckruf}`,
    v2: () => `vorgangLabel:${ids.v2}:${ids.rueckruf}`,
    gruber: () => `kundeLabel:${ids.gruber}:${ids.angebot}`,
    huber: () => `kundeLabel:${ids.huber}:${ids.rueckruf}`,
  };

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
    const vorgang = (number: string) =>
      id(sql`
        INSERT INTO vorgang (vorgang_number, customer_id, title, seller_user_id, branch_id)
        VALUES (${number}, ${ids.gruber}, 'Fenster', ${ids.victor}, ${ids.villach}) RETURNING id`);
    ids.v1 = await vorgang('V-1');
    ids.v2 = await vorgang('V-2');
    ids.rueckruf = await id(sql`INSERT INTO label (name, color) VALUES ('Rückruf', '#f00') RETURNING id`);
    ids.angebot = await id(sql`INSERT INTO label (name, color) VALUES ('Angebot', '#0a0') RETURNING id`);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await sql`DELETE FROM vorgang_label`.execute(t.db);
    await sql`DELETE FROM customer_label`.execute(t.db);
    await sql`INSERT INTO vorgang_label (vorgang_id, label_id, due_date) VALUES
      (${ids.v1}, ${ids.rueckruf}, '2030-01-10'), (${ids.v2}, ${ids.rueckruf}, '2020-01-01')`.execute(t.db);
    await sql`INSERT INTO customer_label (customer_id, label_id, due_date) VALUES
      (${ids.gruber}, ${ids.angebot}, '2030-01-12'), (${ids.huber}, ${ids.rueckruf}, '2030-01-14')`.execute(
      t.db,
    );
  });

  it('refuses a bulk action on due labels without the customer group, or on a scope the caller may not see (403)', async () => {
    const nps = { oid: VICTOR.oid, groups: ['APP_NPS'] };
    const selection = { labels: [{ key: key.v1(), expectedDueDate: '2030-01-10' }] };
    expect((await start(nps, { action: { kind: 'erledigt' }, selection })).status).toBe(403);
    // "Filiale" is the sales lead's view only, as on the screen.
    const branch = await start(VICTOR, {
      action: { kind: 'erledigt' },
      selection: { filter: { scope: 'branch' } },
    });
    expect(branch.status).toBe(403);
    expect((await dueLabels())[key.v1()]).toBe('2030-01-10');
  });

  it("marks the ticked labels erledigt, refuses a stale one and another person's, records each change", async () => {
    const before = await lastRecord();
    const versionBefore = (
      await sql<{ v: number }>`SELECT version AS v FROM vorgang WHERE id = ${ids.v1}`.execute(t.db)
    ).rows[0]!.v;
    // Lena moved V-2's label: the refusal names her.
    await sql`UPDATE vorgang SET updated_by = 'Lena Leitung' WHERE id = ${ids.v2}`.execute(t.db);
    const job = await run(VICTOR, {
      action: { kind: 'erledigt' },
      selection: {
        labels: [
          { key: key.v1(), expectedDueDate: '2030-01-10' },
          { key: key.gruber(), expectedDueDate: '2030-01-12' },
          // Moved by someone else since the list showed it.
          { key: key.v2(), expectedDueDate: '2019-12-31' },
          // Willi's customer, in another branch.
          { key: key.huber(), expectedDueDate: '2030-01-14' },
        ],
      },
    });
    expect(job).toMatchObject({ total: 4, done: 4, changed: 2, refusedCount: 2 });
    expect(job.refused).toEqual([
      {
        recordId: 3,
        name: 'Rückruf · V-2 Fenster',
        reason:
          'Das Label wurde inzwischen von Lena Leitung geändert oder entfernt. Bitte laden Sie die Liste neu.',
      },
      { recordId: 4, name: 'Rückruf · Huber', reason: 'Dieser Eintrag gehört nicht Ihnen.' },
    ]);
    expect(await dueLabels()).toEqual({ [key.v2()]: '2020-01-01', [key.huber()]: '2030-01-14' });
    // As the single "erledigt": the parent's version moves on, the Vorgang's history and the Änderungsverlauf.
    const after = await sql<{ v: number }>`SELECT version AS v FROM vorgang WHERE id = ${ids.v1}`.execute(
      t.db,
    );
    expect(after.rows[0]!.v).toBe(versionBefore + 1);
    const events = await sql<{ kind: string; by: string }>`
      SELECT kind, changed_by AS by FROM vorgang_event WHERE vorgang_id = ${ids.v1}`.execute(t.db);
    expect(events.rows).toEqual([{ kind: 'label_entfernt', by: expect.any(String) }]);
    const records = await sql<{ area: string; recordId: string }>`
      SELECT area, record_id::text AS "recordId" FROM change_record WHERE id > ${before} ORDER BY area`.execute(
      t.db,
    );
    expect(records.rows).toEqual([
      { area: 'kunden', recordId: String(ids.gruber) },
      { area: 'vorgang', recordId: String(ids.v1) },
    ]);
  });

  it('moves the due date of "alle Treffer" of the caller\'s scope by a week (overdue ones from today)', async () => {
    const before = await lastRecord();
    const job = await run(VICTOR, { action: { kind: 'verschieben', days: 7 }, selection: { filter: {} } });
    expect(job).toMatchObject({ total: 3, changed: 3, refusedCount: 0 });
    const inAWeek = (await sql<{ d: string }>`SELECT (${await today()}::date + 7)::text AS d`.execute(t.db))
      .rows[0]!.d;
    expect(await dueLabels()).toEqual({
      [key.v1()]: '2030-01-17',
      [key.v2()]: inAWeek,
      [key.gruber()]: '2030-01-19',
      // Willi's label is not in Victor's scope.
      [key.huber()]: '2030-01-14',
    });
    const records = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM change_record WHERE id > ${before}`.execute(t.db);
    expect(records.rows[0]!.n).toBe(3);
  });

  it('lets a sales lead move the labels of the branch to a chosen day', async () => {
    const job = await run(LENA, {
      action: { kind: 'verschieben', dueDate: '2031-05-04' },
      selection: { filter: { scope: 'branch' } },
    });
    expect(job).toMatchObject({ total: 3, changed: 3 });
    expect(await dueLabels()).toEqual({
      [key.v1()]: '2031-05-04',
      [key.v2()]: '2031-05-04',
      [key.gruber()]: '2031-05-04',
      [key.huber()]: '2030-01-14',
    });
  });

  it('refuses an incomplete move, rows instead of labels and a due-label action on another list (German 400)', async () => {
    const labels = { labels: [{ key: key.v1(), expectedDueDate: '2030-01-10' }] };
    const neither = await start(VICTOR, { action: { kind: 'verschieben' }, selection: labels });
    expect(neither.status).toBe(400);
    const rows = await start(VICTOR, {
      action: { kind: 'erledigt' },
      selection: { rows: [{ id: 1, version: 1 }] },
    });
    expect(rows.status).toBe(400);
    const onKunden = await t.callEndpoint(VICTOR, startBulkAction, {
      body: { target: 'kunden', action: { kind: 'erledigt' }, selection: { rows: [{ id: 1, version: 1 }] } },
    });
    expect(onKunden.status).toBe(400);
    expect((await dueLabels())[key.v1()]).toBe('2030-01-10');
  });

  it("exports exactly the ticked labels of the scope shown (or alle Treffer of it) with the screen export's columns", async () => {
    const exported = async (person: Person, body: Record<string, unknown>) => {
      const token = await signAccessToken(t.signingKey, ISSUER, person.groups, { oid: person.oid });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/bulkAction/export',
        payload: { target: 'faelligeLabels', ...body },
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode !== 200) return { status: response.statusCode, rows: [] };
      const workbook = await workbookOf(response.rawPayload);
      const sheet = workbook.getWorksheet('Fällige Labels')!;
      const header = sheet.getRow(1).values;
      // Read from a file: a row's values are a sparse array (from column 1), never keyed.
      if (!Array.isArray(header)) throw new Error('Kopfzeile ohne Spalten');
      expect(header.slice(1)).toEqual([
        'Gruppe',
        'Fällig am',
        'Label',
        'An',
        'Vorgangsnummer',
        'Vorgang',
        'Kunde',
        'Verkäufer / Betreuer',
      ]);
      const rows: string[] = [];
      for (let r = 2; r <= sheet.rowCount; r++) {
        const row = sheet.getRow(r);
        rows.push(
          `${String(row.getCell(3).value)} · ${String(row.getCell(5).value ?? row.getCell(7).value)}`,
        );
      }
      return { status: 200, rows };
    };
    const ticked = {
      labels: [
        { key: key.gruber(), expectedDueDate: '2030-01-12' },
        { key: key.v2(), expectedDueDate: '2020-01-01' },
        // Willi's customer: not in Victor's scope, so not exported.
        { key: key.huber(), expectedDueDate: '2030-01-14' },
      ],
    };
    // In the screen's order (due date), only the ticked ones: V-1's label is not ticked.
    expect(await exported(VICTOR, { selection: ticked })).toEqual({
      status: 200,
      rows: ['Rückruf · V-2', 'Angebot · Gruber'],
    });
    expect(await exported(LENA, { selection: ticked, scope: { scope: 'branch' } })).toEqual({
      status: 200,
      rows: ['Rückruf · V-2', 'Angebot · Gruber'],
    });
    expect(await exported(VICTOR, { selection: { filter: {} } })).toEqual({
      status: 200,
      rows: ['Rückruf · V-2', 'Rückruf · V-1', 'Angebot · Gruber'],
    });
    expect((await exported(VICTOR, { selection: ticked, scope: { scope: 'branch' } })).status).toBe(403);
    expect((await exported({ oid: VICTOR.oid, groups: ['APP_NPS'] }, { selection: ticked })).status).toBe(
      403,
    );
    expect((await exported(VICTOR, { selection: { rows: [{ id: 1, version: 1 }] } })).status).toBe(400);
  });
});
