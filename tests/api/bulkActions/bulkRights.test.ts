import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyOf } from '../../../src/api/endpoint';
import { type BulkJob } from '../../../src/resources/bulkActions/bulkActionTypes';
import { getBulkJob, startBulkAction } from '../../../src/resources/bulkActions/bulkActions.endpoints';
import {
  getBulkJobItems,
  listBulkJobs,
  undoBulkJob,
} from '../../../src/resources/bulkActions/bulkJobs.endpoints';
import { updateCustomerField } from '../../../src/resources/customers/customers.endpoints';
import customerEntity from '../../../src/resources/customers/customer.entity';
import { entityCalls } from '../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

/** The person the test tokens sign in as (tests/support/tokens.ts): Victor, a seller in Villach. */
const CALLER_OID = '11111111-2222-3333-4444-555555555555';
const VICTOR = ['APP_KUNDE', 'APP_STANDORT_S_VILLACH'];
/** The same person as the sales lead of Villach, and as the administration. */
const LEAD = ['APP_KUNDE', 'APP_ADMIN_VERKAUF', 'APP_STANDORT_S_VILLACH'];
const ADMIN = ['APP_KUNDE', 'APP_ADMIN'];
/** Where the fixture made fewer rows than a test names: fails instead of going on with undefined. */
const missing = (): never => {
  throw new Error('Testdaten fehlen');
};
const RULE =
  'Betreuer: Diesen Wert können nur der Betreuer, die Verkaufsleitung der Filiale und die Administration ändern.';

describe('who may hand customers to another Betreuer or Filiale, alone and in bulk', () => {
  let t: TestApp;
  let victor = 0;
  let karl = 0;
  let villach = 0;
  let graz = 0;
  /** Victor's own customer, a Villach colleague's, a Graz colleague's. */
  let own = 0;
  let villachCustomer = 0;
  let grazCustomer = 0;

  const start = (body: Omit<BodyOf<typeof startBulkAction>, 'target'>, groups: string[]) =>
    t.callEndpoint(groups, startBulkAction, { body: { target: 'kunden', ...body } });
  const edit = (groups: string[], body: BodyOf<typeof updateCustomerField>) =>
    t.callEndpoint(groups, updateCustomerField, { body });
  const undo = (id: number) => t.callEndpoint(ADMIN, undoBulkJob, { params: { id } });
  const finished = async (
    started: { status: number; result: { id: number } },
    groups: string[],
  ): Promise<BulkJob> => {
    expect(started.status).toBe(200);
    const { id } = started.result;
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const job = await resultOf(t.callEndpoint(groups, getBulkJob, { params: { id } }));
      if (job.state === 'fertig') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Sammelaktion ${id} wurde nicht fertig`);
  };
  const rowOf = async (id: number) =>
    (
      await sql<{ version: number; owner: number | null; branch: number | null }>`
        SELECT version, owner_user_id AS owner, branch_id AS branch FROM customer WHERE id = ${id}`.execute(
        t.db,
      )
    ).rows[0]!;
  const ownersOf = async (ids: number[]) =>
    (
      await sql<{ owner: number | null }>`SELECT owner_user_id AS owner FROM customer
        WHERE id = ANY(${ids}::int[]) ORDER BY id`.execute(t.db)
    ).rows.map((row) => row.owner);
  const selectionOf = async (ids: number[]) => ({
    rows: await Promise.all(ids.map(async (id) => ({ id, version: (await rowOf(id)).version }))),
  });

  beforeAll(async () => {
    t = await createTestApp();
    const branches = await sql<{ id: number }>`
      INSERT INTO branch (name, location_group) VALUES ('Villach', 'APP_STANDORT_S_VILLACH'),
        ('Graz', 'APP_STANDORT_S_GRAZ') RETURNING id`.execute(t.db);
    [villach = missing(), graz = missing()] = branches.rows.map((row) => row.id);
    const users = await sql<{ id: number }>`
      INSERT INTO app_user (azure_oid, name, branch_id) VALUES (${CALLER_OID}, 'Victor Verkauf', ${villach}),
        ('oid-karl', 'Karl Kollege', ${villach}), ('oid-gerda', 'Gerda Graz', ${graz}) RETURNING id`.execute(
      t.db,
    );
    const [v = missing(), k = missing(), g = missing()] = users.rows.map((row) => row.id);
    [victor, karl] = [v, k];
    const customers = await sql<{ id: number }>`
      INSERT INTO customer (last_name, owner_user_id, branch_id) VALUES
        ('Eigenkunde', ${v}, ${villach}), ('Villachkunde', ${k}, ${villach}), ('Grazkunde', ${g}, ${graz})
      RETURNING id`.execute(t.db);
    [own = missing(), villachCustomer = missing(), grazCustomer = missing()] = customers.rows.map(
      (row) => row.id,
    );
  });
  afterAll(() => t.close());

  it("refuses a seller's bulk Betreuer change per record for customers not his, in every branch, and reports each", async () => {
    const all = [own, villachCustomer, grazCustomer];
    const job = await finished(
      await start(
        { action: { kind: 'betreuer', userId: victor }, selection: await selectionOf(all) },
        VICTOR,
      ),
      VICTOR,
    );
    // His own customer is his already (done, nothing changed); the two others are refused.
    expect(job).toMatchObject({ total: 3, changed: 1, unchanged: 1, refusedCount: 2 });
    expect(job.refused.map((row) => [row.recordId, row.reason])).toEqual([
      [villachCustomer, RULE],
      [grazCustomer, RULE],
    ]);
    const [, , gerda] = await ownersOf(all);
    expect(await ownersOf(all)).toEqual([victor, karl, gerda]);
    expect(gerda).not.toBe(victor);
    // The lead of Villach may take Karl's customer over, but not the one in Graz.
    const lead = await finished(
      await start({ action: { kind: 'betreuer', userId: victor }, selection: await selectionOf(all) }, LEAD),
      LEAD,
    );
    expect(lead).toMatchObject({ changed: 2, unchanged: 1, refusedCount: 1 });
    expect(await ownersOf(all)).toEqual([victor, victor, gerda]);
    expect(lead.refused.map((row) => row.recordId)).toEqual([grazCustomer]);
  });

  it('refuses the same change of one customer by a non-owner (403 at the field), in the form and in place', async () => {
    const before = await rowOf(grazCustomer);
    const customers = entityCalls(t, customerEntity);
    const form = await customers.update(VICTOR, grazCustomer, {
      version: before.version,
      lastName: 'Grazkunde',
      ownerUserId: victor,
    });
    expect(form.status).toBe(403);
    expect(form.message).toBe(RULE);
    const branch = await edit(VICTOR, {
      id: grazCustomer,
      version: before.version,
      field: 'branchId',
      value: villach,
    });
    expect(branch.status).toBe(403);
    expect(branch.message).toContain('Filiale: Diesen Wert können nur der Betreuer');
    expect(await rowOf(grazCustomer)).toEqual(before);
    // Sending the stored Betreuer back with another field is no change of it: the seller's form still saves.
    const unchanged = await customers.update(VICTOR, grazCustomer, {
      version: before.version,
      lastName: 'Grazkunde',
      city: 'Graz',
      ownerUserId: before.owner,
    });
    expect(unchanged.status).toBe(200);
    // The Betreuer himself hands his customer to a colleague, the administration any customer.
    const mine = await rowOf(villachCustomer);
    expect(mine.owner).toBe(victor);
    const handed = await edit(VICTOR, {
      id: villachCustomer,
      version: mine.version,
      field: 'ownerUserId',
      value: karl,
    });
    expect(handed.status).toBe(200);
    const admin = await edit(ADMIN, {
      id: grazCustomer,
      version: (await rowOf(grazCustomer)).version,
      field: 'branchId',
      value: villach,
    });
    expect(admin.status).toBe(200);
  });

  it('needs the sales lead or the administration for a change of more than 100 customers (German 403)', async () => {
    await sql`INSERT INTO customer (last_name, city, owner_user_id)
      SELECT 'Massenkunde' || n, 'Massenort', ${victor}::int FROM generate_series(1, 101) n`.execute(t.db);
    const label = await sql<{ id: number }>`
      INSERT INTO label (name, for_customer, active) VALUES ('Massenlabel', true, true) RETURNING id`.execute(
      t.db,
    );
    const labelId = label.rows[0]!.id;
    const jobsBefore = await sql<{ n: number }>`SELECT count(*)::int AS n FROM bulk_job`.execute(t.db);
    const action = { kind: 'labelHinzu', labelId } as const;
    const refused = await start({ action, selection: { filter: { city: 'Massenort' } } }, VICTOR);
    expect(refused.status).toBe(403);
    expect(refused.message).toBe(
      'Eine Sammelaktion über mehr als 100 Datensätze dürfen nur die Verkaufsleitung und die Administration starten (gewählt: 101). Bitte schränken Sie die Auswahl ein.',
    );
    const jobsAfter = await sql<{ n: number }>`SELECT count(*)::int AS n FROM bulk_job`.execute(t.db);
    expect(jobsAfter.rows[0]!.n).toBe(jobsBefore.rows[0]!.n);
    // 100 are within the limit for anyone; the lead may change all 101.
    const hundred = await start(
      {
        action,
        selection: {
          filter: { city: 'Massenort', displayName: { mode: 'notEquals', value: 'Massenkunde1' } },
        },
      },
      VICTOR,
    );
    expect(hundred.status).toBe(200);
    expect(hundred.result.total).toBe(100);
    const lead = await start({ action, selection: { filter: { city: 'Massenort' } } }, LEAD);
    expect(lead.status).toBe(200);
    expect(lead.result.total).toBe(101);
  });

  it('lists every bulk job for the administration only, with who, what, selection and counts', async () => {
    for (const groups of [VICTOR, LEAD, ['APP_NPS'], []]) {
      expect((await t.callEndpoint(groups, listBulkJobs, { query: {} })).status).toBe(403);
      expect((await t.callEndpoint(groups, undoBulkJob, { params: { id: 1 } })).status).toBe(403);
    }
    expect(
      (await t.callEndpoint(['APP_NPS'], getBulkJobItems, { params: { id: 1 }, query: {} })).status,
    ).toBe(403);
    const jobs = await resultOf(t.callEndpoint(ADMIN, listBulkJobs, { query: { perPage: 100 } }));
    const first = jobs.data.at(-1)!;
    expect(first).toMatchObject({
      target: 'kunden',
      state: 'fertig',
      startedBy: 'Test Person',
      action: 'Betreuer zuweisen: Victor Verkauf',
      selection: 'Kunden: 3 angehakt',
      total: 3,
      changed: 0,
      unchanged: 1,
      refused: 2,
      // Nothing changed, nothing to undo.
      undoable: false,
    });
    expect(jobs.data.map((job) => job.selection)).toContain('Kunden: alle Treffer (Ort: Massenort)');
  });

  it('undoes a finished job through the Änderungsverlauf where the value is still the one it set, listing the rest', async () => {
    const customers = await sql<{ id: number }>`
      INSERT INTO customer (last_name, owner_user_id, branch_id)
      SELECT 'Rückgängig' || n, ${karl}::int, ${villach}::int FROM generate_series(1, 3) n ORDER BY n
      RETURNING id`.execute(t.db);
    const [x = missing(), y = missing(), z = missing()] = customers.rows.map((row) => row.id);
    const job = await finished(
      await start(
        { action: { kind: 'betreuer', userId: victor }, selection: await selectionOf([x, y, z]) },
        LEAD,
      ),
      LEAD,
    );
    expect(job).toMatchObject({ changed: 3, refusedCount: 0 });
    // Meanwhile Victor hands y on to someone else: the job's value is gone there.
    const moved = await edit(VICTOR, {
      id: y,
      version: (await rowOf(y)).version,
      field: 'ownerUserId',
      value: karl,
    });
    expect(moved.status).toBe(200);
    await sql`UPDATE customer SET owner_user_id = NULL WHERE id = ${z}`.execute(t.db);
    await sql`UPDATE customer SET owner_user_id = ${victor} WHERE id = ${z}`.execute(t.db);

    const undoing = await undo(job.id);
    expect(undoing.status).toBe(200);
    const undone = await finished(undoing, ADMIN);
    expect(undone).toMatchObject({ undoesJobId: job.id, total: 3, changed: 2, refusedCount: 1 });
    expect(undone.refused).toEqual([
      {
        recordId: y,
        name: 'Rückgängig2',
        reason: 'Der Betreuer hat nicht mehr den Wert der Sammelaktion; nicht zurückgesetzt.',
      },
    ]);
    expect(await ownersOf([x, y, z])).toEqual([karl, karl, karl]);
    // Recorded as such: the undo's changes name its own job, old and new the other way round.
    const records = await sql<{ recordId: number; changes: Record<string, unknown> }>`
      SELECT record_id::int AS "recordId", changes FROM change_record
      WHERE bulk_job_id = ${undone.id} ORDER BY record_id`.execute(t.db);
    expect(records.rows).toEqual([
      { recordId: x, changes: { ownerUserId: { old: victor, new: karl } } },
      { recordId: z, changes: { ownerUserId: { old: victor, new: karl } } },
    ]);
    // Once only; an undo itself cannot be undone.
    const again = await undo(job.id);
    expect(again.status).toBe(409);
    expect(again.message).toBe(
      `Diese Sammelaktion wurde schon rückgängig gemacht (Sammelaktion ${undone.id}).`,
    );
    const ofUndo = await undo(undone.id);
    expect(ofUndo.status).toBe(400);
    const summaries = (await resultOf(t.callEndpoint(ADMIN, listBulkJobs, { query: {} }))).data;
    expect(summaries.find((row) => row.id === job.id)).toMatchObject({
      undoneByJobId: undone.id,
      undoable: false,
    });
    expect(summaries.find((row) => row.id === undone.id)).toMatchObject({
      undoesJobId: job.id,
      selection: `Kunden: die von Sammelaktion ${job.id} geänderten`,
    });
  });
});
