import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyOf } from '../../../src/api/endpoint';
import type { BulkJob } from '../../../src/resources/bulkActions/bulkActionTypes';
import { getBulkJob, startBulkAction } from '../../../src/resources/bulkActions/bulkActions.endpoints';
import { setSellerForVorgang } from '../../../src/resources/vorgaenge/vorgang.endpoints';
import { getAllVorgangs } from '../../../src/resources/vorgaenge/vorgangList.endpoints';
import { createTestApp, resultOf, type EndpointAnswer, type TestApp } from '../../support/testApp';
import { workbookOf } from '../../support/excelWorkbook';

const SELLER = ['APP_KUNDE'];
/** The person the test tokens sign in as (tests/support/tokens.ts). */
const CALLER_OID = '11111111-2222-3333-4444-555555555555';
/** Where the fixture made fewer rows than a test names: fails instead of going on with undefined. */
const missing = (): never => {
  throw new Error('Testdaten fehlen');
};

describe('bulk actions on Vorgänge', () => {
  let t: TestApp;
  let me = 0;
  let colleague = 0;
  let labelId = 0;
  let statusId = 0;
  /** Four Vorgänge of the caller, and one of a colleague. */
  const mine: number[] = [];
  let foreign = 0;

  const start = async (body: Omit<BodyOf<typeof startBulkAction>, 'target'>, groups = SELLER) =>
    t.callEndpoint(groups, startBulkAction, { body: { target: 'vorgaenge', ...body } });
  const finished = async (started: EndpointAnswer<typeof startBulkAction>): Promise<BulkJob> => {
    expect(started.status).toBe(200);
    const { id } = started.result;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const job = await resultOf(t.callEndpoint(SELLER, getBulkJob, { params: { id } }));
      if (job.state === 'fertig') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Sammelaktion ${id} wurde nicht fertig`);
  };
  const seen = async (ids: number[]) =>
    (
      await sql<{ id: number; version: number }>`SELECT id, version FROM vorgang WHERE id = ANY(${ids}::int[])
        ORDER BY id`.execute(t.db)
    ).rows;
  const lastChange = async () =>
    (await sql<{ n: number | null }>`SELECT max(id)::int AS n FROM change_record`.execute(t.db)).rows[0]!.n ??
    0;
  const changedSince = async (before: number) =>
    (
      await sql<{ recordId: number; changes: Record<string, unknown> }>`
        SELECT record_id::int AS "recordId", changes FROM change_record
        WHERE id > ${before} AND area = 'vorgang' ORDER BY record_id`.execute(t.db)
    ).rows;

  beforeAll(async () => {
    t = await createTestApp({
      directoryPeople: [
        { oid: 'oid-kollege', name: 'Karl Kollege', groups: ['APP_KUNDE'] },
        { oid: 'oid-ohne', name: 'Otto Ohne', groups: [] },
      ],
    });
    const users = await sql<{ id: number }>`
      INSERT INTO app_user (azure_oid, name) VALUES (${CALLER_OID}, 'Vera Verkauf'), ('oid-kollege', 'Karl Kollege')
      RETURNING id`.execute(t.db);
    [me = missing(), colleague = missing()] = users.rows.map((row) => row.id);
    const customer = await sql<{ id: number }>`
      INSERT INTO customer (last_name) VALUES ('Vorgangskunde') RETURNING id`.execute(t.db);
    const customerId = customer.rows[0]!.id;
    const vorgaenge = await sql<{ id: number }>`
      INSERT INTO vorgang (vorgang_number, customer_id, title, seller_user_id)
      SELECT 'VB-' || n, ${customerId}, CASE WHEN n <= 2 THEN 'Fenster' ELSE 'Türen' END || ' ' || n,
        CASE WHEN n = 5 THEN ${colleague}::int ELSE ${me}::int END
      FROM generate_series(1, 5) n ORDER BY n RETURNING id`.execute(t.db);
    mine.push(...vorgaenge.rows.slice(0, 4).map((row) => row.id));
    foreign = vorgaenge.rows[4]!.id;
    const label = await sql<{ id: number }>`
      INSERT INTO label (name, for_vorgang, active, due_after_days) VALUES ('Nachfassen', true, true, 3)
      RETURNING id`.execute(t.db);
    labelId = label.rows[0]!.id;
    const status = await sql<{ id: number }>`
      INSERT INTO custom_status (name, active) VALUES ('Heiß', true) RETURNING id`.execute(t.db);
    statusId = status.rows[0]!.id;
  });
  afterAll(() => t.close());

  it('refuses starting a bulk action on Vorgänge without the customer group (403)', async () => {
    const rows = await seen([mine[0]!]);
    for (const groups of [['APP_NPS', 'APP_ADMIN'], []]) {
      const started = await start(
        { action: { kind: 'verkaeufer', userId: colleague }, selection: { rows } },
        groups,
      );
      expect(started.status).toBe(403);
    }
    expect((await seen([mine[0]!]))[0]!.version).toBe(rows[0]!.version);
  });

  it('assigns the Verkäufer, refuses one of a colleague (not one whose title changed meanwhile), and records each change', async () => {
    const [a = missing(), b = missing(), c = missing()] = mine;
    const rows = await seen([a, b, c, foreign]);
    // Another field changed after the list showed it: no reason to refuse the Verkäufer.
    await sql`UPDATE vorgang SET title = 'Anders', version = version + 1 WHERE id = ${b}`.execute(t.db);
    const before = await lastChange();
    const job = await finished(
      await start({ action: { kind: 'verkaeufer', userId: colleague }, selection: { rows } }),
    );
    expect(job).toMatchObject({ total: 4, changed: 3, refusedCount: 1 });
    // As on the Vorgang page: a person without customer access is no Verkäufer, refused before any row changes.
    const { rows: otto } = await sql<{ id: number }>`
      INSERT INTO app_user (azure_oid, name) VALUES ('oid-ohne', 'Otto Ohne') RETURNING id`.execute(t.db);
    const refused = await start({
      action: { kind: 'verkaeufer', userId: otto[0]!.id },
      selection: { rows: await seen([a]) },
    });
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual({
      userId: 'Verkäufer: Diese Person ist nicht aktiv oder hat keinen Zugriff auf Kunden.',
    });
    expect(job.refused.map((r) => [r.recordId, r.reason])).toEqual([
      [foreign, 'Keine Berechtigung: Der Vorgang gehört weder Ihnen noch einer Filiale, die Sie leiten.'],
    ]);
    const sellers = await sql<{ id: number; seller: number }>`SELECT id, seller_user_id AS seller FROM vorgang
      WHERE id = ANY(${[a, b, c]}::int[]) ORDER BY id`.execute(t.db);
    expect(sellers.rows.map((r) => r.seller)).toEqual([colleague, colleague, colleague]);
    // The page of one of them gives it back to its seller: the Vorgang is Vera's again.
    const back = await t.callEndpoint(SELLER, setSellerForVorgang, {
      body: { vorgangId: b, version: (await seen([b]))[0]!.version, sellerUserId: me },
    });
    expect(back.status).toBe(200);
    const records = await changedSince(before);
    expect(records.map((r) => r.recordId)).toEqual([a, b, b, c]);
    expect(Object.keys(records[0]!.changes)).toContain('sellerUserId');
    // The Vorgang's own history shows the change like one made on its page.
    const events = await sql<{ n: number }>`SELECT count(*)::int AS n FROM vorgang_event
      WHERE vorgang_id = ${a} AND kind = 'verkaeufer'`.execute(t.db);
    expect(events.rows[0]!.n).toBe(1);
  });

  it('sets the Eigener Status and adds then removes a label with its due date, each recorded', async () => {
    const ids = [mine[1]!, mine[3]!];
    const before = await lastChange();
    const status = await finished(
      await start({
        action: { kind: 'eigenerStatus', customStatusId: statusId },
        selection: { rows: await seen(ids) },
      }),
    );
    expect(status).toMatchObject({ changed: 2, refusedCount: 0 });
    const statuses = await sql<{ s: number }>`SELECT custom_status_id AS s FROM vorgang
      WHERE id = ANY(${ids}::int[])`.execute(t.db);
    expect(statuses.rows.map((r) => r.s)).toEqual([statusId, statusId]);
    const added = await finished(
      await start({
        action: { kind: 'labelHinzu', labelId, dueDate: '2027-01-15' },
        selection: { rows: await seen(ids) },
      }),
    );
    expect(added).toMatchObject({ changed: 2, refusedCount: 0 });
    const due = await sql<{ d: string }>`SELECT to_char(due_date, 'YYYY-MM-DD') AS d FROM vorgang_label
      WHERE label_id = ${labelId} ORDER BY vorgang_id`.execute(t.db);
    expect(due.rows.map((r) => r.d)).toEqual(['2027-01-15', '2027-01-15']);
    const removed = await finished(
      await start({ action: { kind: 'labelEntfernen', labelId }, selection: { rows: await seen(ids) } }),
    );
    expect(removed).toMatchObject({ changed: 2, refusedCount: 0 });
    const left = await sql`SELECT 1 FROM vorgang_label WHERE label_id = ${labelId}`.execute(t.db);
    expect(left.rows).toEqual([]);
    // Status, label added, label removed: three changes of each of the two Vorgänge.
    expect((await changedSince(before)).map((r) => r.recordId)).toEqual([
      ids[0],
      ids[0],
      ids[0],
      ids[1],
      ids[1],
      ids[1],
    ]);
  });

  it('refuses a Vorgang whose Eigener Status changed since it was seen, naming who changed it', async () => {
    const d = mine[3]!;
    const rows = await seen([d]);
    // After the list showed it, Sven sets its status on its page, then Karl edits its title.
    const other = await sql<{ id: number }>`
      INSERT INTO custom_status (name, active) VALUES ('Kalt', true) RETURNING id`.execute(t.db);
    const change = async (by: string, set: ReturnType<typeof sql>, changes: Record<string, unknown>) => {
      await sql`UPDATE vorgang SET ${set}, version = version + 1, updated_by = ${by} WHERE id = ${d}`.execute(
        t.db,
      );
      await sql`INSERT INTO change_record (actor_name, area, record_id, action, changes, vorgang_id)
        VALUES (${by}, 'vorgang', ${d}, 'update', ${JSON.stringify(changes)}::jsonb, ${d})`.execute(t.db);
    };
    const kalt = other.rows[0]!.id;
    await change('Sven Standort', sql`custom_status_id = ${kalt}`, {
      customStatusId: { old: statusId, new: kalt },
    });
    await change('Karl Kollege', sql`title = 'Türen 4 neu'`, {
      title: { old: 'Türen 4', new: 'Türen 4 neu' },
    });
    const job = await finished(
      await start({ action: { kind: 'eigenerStatus', customStatusId: statusId }, selection: { rows } }),
    );
    // Named is the one who changed what the action changes, not the row's last editor.
    expect(job.refused.map((r) => [r.recordId, r.reason])).toEqual([
      [d, 'Der Vorgang wurde inzwischen von Sven Standort geändert.'],
    ]);
    const now = await sql<{ s: number }>`SELECT custom_status_id AS s FROM vorgang WHERE id = ${d}`.execute(
      t.db,
    );
    expect(now.rows[0]!.s).toBe(kalt);
  });

  it('resolves "alle Treffer" on the server with the Vorgänge list\'s own filter', async () => {
    const filter = { q: 'Türen' };
    const list = await t.callEndpoint(SELLER, getAllVorgangs, { query: { ...filter, perPage: 100 } });
    expect(list.status).toBe(200);
    const listed = list.result.data.map((row) => row.id).sort((x, y) => x - y);
    expect(listed.length).toBeGreaterThan(0);
    const job = await finished(
      await start({ action: { kind: 'labelHinzu', labelId }, selection: { filter } }),
    );
    const items = await sql<{ id: number }>`SELECT record_id AS id FROM bulk_job_item WHERE job_id = ${job.id}
      ORDER BY 1`.execute(t.db);
    expect(items.rows.map((row) => row.id)).toEqual(listed);
    const labelled = await sql<{
      id: number;
    }>`SELECT vorgang_id AS id FROM vorgang_label WHERE label_id = ${labelId}
      ORDER BY 1`.execute(t.db);
    // Of the hits, the colleague's and the one given to the colleague above are refused, not changed.
    const given = mine[2]!;
    expect(listed).toEqual(expect.arrayContaining([given, foreign]));
    expect(labelled.rows.map((row) => row.id)).toEqual(listed.filter((id) => id !== given && id !== foreign));
    expect(job.refused.map((r) => r.recordId)).toEqual([given, foreign]);
  });

  it('refuses a Vorgänge filter that is not one (German 400) and an action of the other list, leaving no job', async () => {
    const jobs = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM bulk_job`.execute(t.db)).rows[0]!.n;
    const before = await jobs();
    // Without an Idempotency-Key too, the job and its items are made in one transaction: a job seen without its
    // items was marked finished by the worker before they came.
    const bad = await start({
      action: { kind: 'labelHinzu', labelId },
      selection: { filter: { createdFrom: '2026-02-31' } },
    });
    expect(bad.status).toBe(400);
    const wrong = await start({
      action: { kind: 'betreuer', userId: me },
      selection: { rows: await seen([mine[0]!]) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.message).toBe('Diese Aktion gibt es für diese Liste nicht.');
    const other = await start({
      action: { kind: 'labelHinzu', labelId },
      selection: { labels: [{ key: `vorgangLabel:${mine[0]!}:${labelId}`, expectedDueDate: '2027-01-15' }] },
    });
    expect(other.status).toBe(400);
    expect(await jobs()).toBe(before);
  });

  it('exports exactly the selection (ticked rows or alle Treffer) as Excel, and refuses it without the group', async () => {
    const exported = async (selection: Record<string, unknown>, groups = SELLER) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/bulkAction/export',
        payload: { target: 'vorgaenge', selection },
        headers: { authorization: `Bearer ${await t.tokenFor(groups)}` },
      });
      if (response.statusCode !== 200) return { status: response.statusCode, numbers: [] };
      const workbook = await workbookOf(response.rawPayload);
      const sheet = workbook.getWorksheet('Vorgänge')!;
      expect(sheet.getRow(1).getCell(1).value).toBe('Vorgangsnummer');
      const numbers: unknown[] = [];
      for (let r = 2; r <= sheet.rowCount; r++) numbers.push(sheet.getRow(r).getCell(1).value);
      return { status: 200, numbers: numbers.sort() };
    };
    const ticked = await seen([mine[0]!, foreign]);
    expect(await exported({ rows: ticked })).toEqual({ status: 200, numbers: ['VB-1', 'VB-5'] });
    // "Fenster" is left only in VB-1's title (VB-2 was retitled above): the filter is resolved now, on the server.
    expect(await exported({ filter: { q: 'Fenster' } })).toEqual({ status: 200, numbers: ['VB-1'] });
    expect((await exported({ rows: ticked }, ['APP_NPS'])).status).toBe(403);
    expect((await exported({ filter: { createdFrom: '2026-02-31' } })).status).toBe(400);
  });
});
