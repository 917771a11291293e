import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyOf } from '../../../src/api/endpoint';
import { type BulkJob } from '../../../src/resources/bulkActions/bulkActionTypes';
import { getBulkJob, startBulkAction } from '../../../src/resources/bulkActions/bulkActions.endpoints';
import { getBulkJobItems } from '../../../src/resources/bulkActions/bulkJobs.endpoints';
import { updateCustomerField } from '../../../src/resources/customers/customers.endpoints';
import { adoptBulkJobs, bulkItemsJob, queueBulkItems } from '../../../server/bulkActions/bulkItemsJob';
import { runJobOnce } from '../../support/runJob';
import customerEntity from '../../../src/resources/customers/customer.entity';
import { entityCalls } from '../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';
import { workbookOf } from '../../support/excelWorkbook';

const SELLER = ['APP_KUNDE'];
const ADMIN = ['APP_KUNDE', 'APP_ADMIN'];
const KEY = '4b7d9a52-6c1e-4f0a-9d3b-2e8f1a6c5b70';
const NO_CUSTOMERS = ['APP_NPS', 'APP_DATEIEN', 'APP_ADMIN', 'APP_ADMIN_VERKAUF'];
/** Where the fixture made fewer rows than a test names: fails instead of going on with undefined. */
const missing = (): never => {
  throw new Error('Testdaten fehlen');
};

describe('bulk actions on customers', () => {
  let t: TestApp;
  let labelId = 0;
  let inactiveLabelId = 0;
  const ids: number[] = [];

  const start = async (
    body: Omit<BodyOf<typeof startBulkAction>, 'target'>,
    groups = SELLER,
    idempotencyKey?: string,
  ) => t.callEndpoint(groups, startBulkAction, { body: { target: 'kunden', ...body }, idempotencyKey });
  /** Follows the job as the progress dialog does, until it is finished. */
  const finished = async (id: number): Promise<BulkJob> => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const job = await resultOf(t.callEndpoint(SELLER, getBulkJob, { params: { id } }));
      if (job.state === 'fertig') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Sammelaktion ${id} wurde nicht fertig`);
  };
  const versionOf = async (id: number) =>
    (await sql<{ version: number }>`SELECT version FROM customer WHERE id = ${id}`.execute(t.db)).rows[0]!
      .version;
  const labelled = async (label: number) =>
    (
      await sql<{ id: number }>`SELECT customer_id AS id FROM customer_label WHERE label_id = ${label}
        ORDER BY 1`.execute(t.db)
    ).rows.map((row) => row.id);

  beforeAll(async () => {
    t = await createTestApp();
    const labels = await sql<{ id: number }>`
      INSERT INTO label (name, for_customer, active, due_after_days)
      VALUES ('Rückruf', true, true, 7), ('Alt', true, false, null) RETURNING id`.execute(t.db);
    [labelId = missing(), inactiveLabelId = missing()] = labels.rows.map((row) => row.id);
    const customers = await sql<{ id: number }>`
      INSERT INTO customer (last_name, first_name, city)
      SELECT 'Sammel' || n, 'Kunde', CASE WHEN n <= 4 THEN 'Villach' ELSE 'Graz' END
      FROM generate_series(1, 6) n ORDER BY n RETURNING id`.execute(t.db);
    ids.push(...customers.rows.map((row) => row.id));
  });
  afterAll(() => t.close());

  it('refuses starting or reading a bulk action without the customer group (403)', async () => {
    for (const groups of [NO_CUSTOMERS, []]) {
      const started = await start(
        { action: { kind: 'labelHinzu', labelId }, selection: { rows: [{ id: ids[0]!, version: 1 }] } },
        groups,
      );
      expect(started.status).toBe(403);
      const read = await t.callEndpoint(groups, getBulkJob, { params: { id: 1 } });
      expect(read.status).toBe(403);
    }
    expect(await labelled(labelId)).toEqual([]);
  });

  it('changes the ticked customers, refuses one whose label changed since it was seen (not one whose PLZ did), and records each change', async () => {
    const [a = missing(), b = missing(), c = missing()] = ids;
    const seen = await Promise.all([a, b, c].map(async (id) => ({ id, version: await versionOf(id) })));
    // After the list showed them, someone edits b's Ort (another field) and gives c the label and takes it
    // away again (the field the action changes), each in place as on the customer page.
    const edit = async (id: number, field: string, value: unknown) => {
      const { status } = await t.callEndpoint(SELLER, updateCustomerField, {
        body: { id, version: await versionOf(id), field, value },
      });
      expect(status).toBe(200);
    };
    await edit(b, 'city', 'Wien');
    await edit(c, 'labelIds', [labelId]);
    await edit(c, 'labelIds', []);
    await edit(c, 'street', 'Seegasse 1');
    const before = (await sql<{ n: number }>`SELECT max(id)::int AS n FROM change_record`.execute(t.db))
      .rows[0]!.n;
    const started = await start({ action: { kind: 'labelHinzu', labelId }, selection: { rows: seen } });
    expect(started.status).toBe(200);
    const job = await finished(started.result.id);
    expect(job).toMatchObject({ total: 3, done: 3, changed: 2, unchanged: 0, refusedCount: 1 });
    expect(job.refused).toEqual([
      { recordId: c, name: 'Sammel3, Kunde', reason: 'Der Kunde wurde inzwischen von Test Person geändert.' },
    ]);
    expect(await labelled(labelId)).toEqual([a, b]);
    expect(await versionOf(a)).toBe(seen[0]!.version + 1);
    const records = await sql<{
      recordId: number;
      actorName: string;
      changes: Record<string, unknown>;
      bulkJobId: number;
    }>`
      SELECT record_id::int AS "recordId", actor_name AS "actorName", changes, bulk_job_id AS "bulkJobId"
      FROM change_record WHERE id > ${before ?? 0} AND area = 'kunden' ORDER BY record_id`.execute(t.db);
    expect(records.rows.map((r) => r.recordId)).toEqual([a, b]);
    expect(records.rows[0]!.changes.labelIds).toEqual({ old: [], new: [labelId] });
    expect(Object.keys(records.rows[0]!.changes).sort()).toEqual(['labelDueDates', 'labelIds']);
    // The Änderungsverlauf names the job (what its undo reads).
    expect(records.rows.map((r) => r.bulkJobId)).toEqual([job.id, job.id]);

    // The report lists every record with its result, the refused first.
    const report = await t.callEndpoint(SELLER, getBulkJobItems, { params: { id: job.id }, query: {} });
    expect(report.status).toBe(200);
    expect(report.result).toEqual({
      total: 3,
      data: [
        {
          recordId: c,
          key: String(c),
          name: 'Sammel3, Kunde',
          result: 'abgelehnt',
          reason: 'Der Kunde wurde inzwischen von Test Person geändert.',
        },
        { recordId: a, key: String(a), name: 'Sammel1, Kunde', result: 'geaendert', reason: null },
        { recordId: b, key: String(b), name: 'Sammel2, Kunde', result: 'geaendert', reason: null },
      ],
    });
    const refusedOnly = await t.callEndpoint(SELLER, getBulkJobItems, {
      params: { id: job.id },
      query: { result: 'abgelehnt' },
    });
    expect(refusedOnly.result.total).toBe(1);
  });

  it('resolves "alle Treffer" on the server with the list\'s own filter', async () => {
    const filter = { city: 'Villach' };
    const listed = await resultOf(entityCalls(t, customerEntity).list(SELLER, { filter, perPage: 100 }));
    const started = await start({ action: { kind: 'labelEntfernen', labelId }, selection: { filter } });
    expect(started.status).toBe(200);
    const job = await finished(started.result.id);
    expect(job.total).toBe(listed.total);
    const items = await sql<{ id: number }>`SELECT record_id AS id FROM bulk_job_item WHERE job_id = ${job.id}
      ORDER BY 1`.execute(t.db);
    expect(items.rows.map((row) => row.id)).toEqual(listed.data.map((row) => row.id).sort((x, y) => x - y));
    // a loses the label; c and d do not have it and are done without a change (b moved to Wien meanwhile).
    expect(await labelled(labelId)).toEqual([ids[1]]);
    expect(job).toMatchObject({ total: 3, changed: 3, unchanged: 2, refusedCount: 0 });
  });

  it('refuses a customer deleted meanwhile and reports it, changing the rest', async () => {
    const [, , , , e = missing(), f = missing()] = ids;
    const gone = await sql<{
      id: number;
    }>`INSERT INTO customer (last_name) VALUES ('Weg') RETURNING id`.execute(t.db);
    const goneId = gone.rows[0]!.id;
    const rows = await Promise.all([e, f, goneId].map(async (id) => ({ id, version: await versionOf(id) })));
    await sql`DELETE FROM customer WHERE id = ${goneId}`.execute(t.db);
    const users = await sql<{ id: number }>`
      INSERT INTO app_user (azure_oid, name) VALUES ('oid-neu', 'Neue Betreuerin') RETURNING id`.execute(
      t.db,
    );
    const userId = users.rows[0]!.id;
    // The customers have no Betreuer yet: the administration hands them over.
    const started = await start({ action: { kind: 'betreuer', userId }, selection: { rows } }, ADMIN);
    const job = await finished(started.result.id);
    expect(job).toMatchObject({ changed: 2, refusedCount: 1 });
    expect(job.refused[0]).toMatchObject({
      recordId: goneId,
      reason: 'Der Kunde wurde inzwischen gelöscht.',
    });
    const owners = await sql<{ owner: number }>`SELECT owner_user_id AS owner FROM customer
      WHERE id = ANY(${[e, f]}::int[])`.execute(t.db);
    expect(owners.rows.map((row) => row.owner)).toEqual([userId, userId]);
  });

  it('answers a repeated start with the same key with the first job, and refuses a label customers cannot get', async () => {
    const body = {
      action: { kind: 'labelHinzu', labelId } as const,
      selection: { rows: [{ id: ids[5]!, version: 1 }] },
    };
    const first = await start(body, SELLER, KEY);
    const again = await start(body, SELLER, KEY);
    expect(first.status).toBe(200);
    expect(again.result.id).toBe(first.result.id);
    const inactive = await start({
      action: { kind: 'labelHinzu', labelId: inactiveLabelId },
      selection: { rows: [{ id: ids[0]!, version: 1 }] },
    });
    expect(inactive.status).toBe(400);
    expect(JSON.stringify(inactive)).toContain('kann Kunden nicht (mehr) gegeben werden');
  });

  it('shows a job only to the person who started it', async () => {
    const started = await start({ action: { kind: 'labelEntfernen', labelId }, selection: { filter: {} } });
    const { id } = started.result;
    await finished(id);
    const other = await t.callEndpoint({ oid: 'oid-someone-else', groups: SELLER }, getBulkJob, {
      params: { id },
    });
    expect(other.status).toBe(404);
  });

  const halfDoneJob = async (a: number, b: number, dueDate: string) => {
    const caller = { oid: 'oid-gone', tid: 't', name: 'Beendete Instanz', username: 'x', groups: SELLER };
    const job = (
      await sql<{ id: number }>`INSERT INTO bulk_job (target, action, caller, created_by_oid, total)
        VALUES ('kunden', ${JSON.stringify({ kind: 'labelHinzu', labelId, dueDate })}::jsonb,
          ${JSON.stringify(caller)}::jsonb, 'oid-gone', 2) RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    await sql`INSERT INTO bulk_job_item (job_id, record_id, seen_version, state)
      SELECT ${job}, id, version, CASE WHEN id = ${a} THEN 'erledigt' ELSE 'offen' END
      FROM customer WHERE id = ANY(${[a, b]}::int[])`.execute(t.db);
    return job;
  };
  const jobState = async (job: number) =>
    (await sql<{ state: string }>`SELECT state FROM bulk_job WHERE id = ${job}`.execute(t.db)).rows[0]!.state;
  const dueOf = async (customers: number[]) =>
    (
      await sql<{ id: number; due: string }>`
        SELECT customer_id AS id, to_char(due_date, 'YYYY-MM-DD') AS due
        FROM customer_label WHERE label_id = ${labelId} AND customer_id = ANY(${customers}::int[])`.execute(
        t.db,
      )
    ).rows;

  it('finishes a job the previous release left half done during a rolling update: its open items only, once', async () => {
    const [a = missing(), b = missing()] = ids;
    const job = await halfDoneJob(a, b, '2031-01-15');
    // Nothing of it is in the job library: the adopt job's turn (every minute) queues its open items.
    expect(await runJobOnce(adoptBulkJobs, t.app)).toBe(1);
    t.app.jobs.wake(bulkItemsJob);
    await expect.poll(() => jobState(job), { timeout: 15_000, interval: 200 }).toBe('fertig');
    expect(await dueOf([a, b])).toEqual([{ id: b, due: '2031-01-15' }]);
    const record = await sql<{ actor: string }>`SELECT actor_name AS actor FROM change_record
      WHERE area = 'kunden' AND record_id = ${b} ORDER BY id DESC LIMIT 1`.execute(t.db);
    expect(record.rows[0]!.actor).toBe('Beendete Instanz');
    // A second turn finds nothing more to take over.
    expect(await runJobOnce(adoptBulkJobs, t.app)).toBe(0);
  });

  it('tries a chunk again elsewhere when the instance that took it died, changing only what was left', async () => {
    const [, , c = missing(), d = missing()] = ids;
    await sql`DELETE FROM customer_label WHERE label_id = ${labelId}`.execute(t.db);
    const job = await halfDoneJob(c, d, '2031-02-20');
    await t.db.transaction().execute((trx) => queueBulkItems(t.app.jobs, trx, job));
    // An instance took the chunk and died: active, its heartbeat long gone. The library's monitor (every
    // minute; here at once) takes it back and tries it again.
    await sql`UPDATE pgboss.job SET state = 'active', started_on = now() - interval '5 minutes',
        heartbeat_on = now() - interval '5 minutes'
      WHERE name = ${bulkItemsJob.name} AND data->>'bulkJobId' = ${String(job)}`.execute(t.db);
    await t.app.jobs.boss.supervise(bulkItemsJob.name);
    const chunk = async () =>
      (
        await sql<{ state: string; retryCount: number }>`
          SELECT state::text, retry_count AS "retryCount" FROM pgboss.job
          WHERE name = ${bulkItemsJob.name} AND data->>'bulkJobId' = ${String(job)}`.execute(t.db)
      ).rows;
    expect(await chunk()).toEqual([{ state: 'retry', retryCount: 0 }]);
    // Its backoff over: the next instance takes it.
    await sql`UPDATE pgboss.job SET start_after = now()
      WHERE name = ${bulkItemsJob.name} AND data->>'bulkJobId' = ${String(job)}`.execute(t.db);
    t.app.jobs.wake(bulkItemsJob);
    await expect.poll(() => jobState(job), { timeout: 15_000, interval: 200 }).toBe('fertig');
    expect(await dueOf([c, d])).toEqual([{ id: d, due: '2031-02-20' }]);
    await expect.poll(chunk, { timeout: 10_000 }).toEqual([{ state: 'completed', retryCount: 1 }]);
  });

  it("exports exactly the ticked customers or alle Treffer as the list export's Excel, and refuses it without the group", async () => {
    const made = await sql<{ id: number }>`
      INSERT INTO customer (last_name, first_name, city)
      SELECT 'Exportkunde', 'Nr' || n, 'Linz' FROM generate_series(1, 3) n ORDER BY n RETURNING id`.execute(
      t.db,
    );
    const [x = missing(), y = missing(), z = missing()] = made.rows.map((row) => row.id);
    const exported = async (body: Record<string, unknown>, groups = SELLER) => {
      const raw = await t.app.inject({
        method: 'POST',
        url: '/api/bulkAction/export',
        payload: { target: 'kunden', ...body },
        headers: { authorization: `Bearer ${await t.tokenFor(groups)}` },
      });
      if (raw.statusCode !== 200) return { status: raw.statusCode, names: [] };
      const workbook = await workbookOf(raw.rawPayload);
      const sheet = workbook.getWorksheet('Kunden')!;
      // The list export's columns, in its order.
      expect([1, 2, 7].map((c) => sheet.getRow(1).getCell(c).value)).toEqual(['Kundennummer', 'Name', 'Ort']);
      const names: unknown[] = [];
      for (let r = 2; r <= sheet.rowCount; r++) names.push(sheet.getRow(r).getCell(2).value);
      return { status: 200, names };
    };
    const nameOf = async (id: number) =>
      (await sql<{ n: string }>`SELECT display_name AS n FROM customer WHERE id = ${id}`.execute(t.db))
        .rows[0]!.n;
    const [nx, nz] = [await nameOf(x), await nameOf(z)];
    const ticked = { rows: [x, z].map((id) => ({ id, version: 1 })) };
    expect(await exported({ selection: ticked, sort: 'id', order: 'DESC' })).toEqual({
      status: 200,
      names: [nz, nx],
    });
    const all = await exported({ selection: { filter: { q: 'Exportkunde' } }, sort: 'id', order: 'ASC' });
    expect(all).toEqual({ status: 200, names: [nx, await nameOf(y), nz] });
    expect((await exported({ selection: ticked }, NO_CUSTOMERS)).status).toBe(403);
    expect((await exported({ selection: { filter: { gibtEsNicht: 1 } } })).status).toBe(400);
  });
});
