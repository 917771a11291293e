import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import customerEntity from '../../../src/resources/customers/customer.entity';
import { recordChange } from '../../../server/platform/changes/recordChange';
import {
  createRecord,
  readForUpdate,
  updateRecord,
} from '../../../server/platform/entities/entityRepository';
import { updateCustomerField } from '../../../server/customers/updateCustomerField';
import { moveOnBoard } from '../../../server/vorgaenge/boardMove';
import { inTransaction } from '../../../server/platform/db/inTransaction';
import {
  fieldsOf,
  LOCKED_PREFIX,
  lockedSnapshotSelect,
  updateLockedWithRecord,
  type SnapshotColumns,
} from '../../../server/platform/changes/recordInStatement';
import { createTestApp, type TestApp } from '../../support/testApp';

const ACTOR = { oid: '11111111-2222-3333-4444-555555555555', name: 'Test Person' };
const CALLER = { ...ACTOR, tid: 'tenant', username: 'test@strussnig.at', groups: ['APP_ADMIN'] };

describe('the Änderungsverlauf’s statements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const customerNamed = async (lastName: string) =>
    (
      await createRecord(
        t.db,
        customerEntity,
        { lastName, zip: '9020', city: 'Klagenfurt', country: 'AT' },
        CALLER,
      )
    ).id;

  it('prepares the INSERT once on the connection and reuses it there, each record with its own values', async () => {
    const prepared = await t.db.transaction().execute(async (trx) => {
      for (const phone of ['0664 1', '0664 2']) {
        await recordChange(trx, {
          actor: ACTOR,
          area: 'kunden',
          recordId: 987_654,
          before: { phone: '0463 0' },
          after: { phone },
        });
      }
      return (
        await sql<{ name: string; text: string }>`
          SELECT name, statement AS text FROM pg_prepared_statements WHERE statement LIKE '%INSERT INTO change_record%'`.execute(
          trx,
        )
      ).rows;
    });
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.text).toContain('INSERT INTO change_record');
    const records = await sql<{ changes: unknown }>`
      SELECT changes FROM change_record WHERE area = 'kunden' AND record_id = 987654 ORDER BY id`.execute(
      t.db,
    );
    expect(records.rows.map((r) => r.changes)).toEqual([
      { phone: { old: '0463 0', new: '0664 1' } },
      { phone: { old: '0463 0', new: '0664 2' } },
    ]);
  });

  it('prepares the entity UPDATE that returns the old row, and records each update with its own old and new value', async () => {
    const { records, prepared } = await t.db.transaction().execute(async (trx) => {
      const created = await createRecord(
        trx,
        customerEntity,
        { lastName: 'Vorbereitet', zip: '9020', city: 'Klagenfurt', country: 'AT' },
        CALLER,
      );
      const id = created.id;
      let version = created.version;
      for (const city of ['Villach', 'Wolfsberg']) {
        const saved = await updateRecord(trx, customerEntity, id, version, { city }, CALLER);
        version = saved.version;
      }
      return {
        records: (
          await sql<{ changes: unknown }>`
            SELECT changes FROM change_record WHERE area = 'kunden' AND record_id = ${id} AND action = 'update'
            ORDER BY id`.execute(trx)
        ).rows.map((r) => r.changes),
        prepared: (
          await sql<{ name: string }>`
            SELECT name FROM pg_prepared_statements WHERE statement LIKE '%UPDATE "customer" t SET "city"%'`.execute(
            trx,
          )
        ).rows,
      };
    });
    expect(prepared).toHaveLength(1);
    expect(records).toEqual([
      { city: { old: 'Klagenfurt', new: 'Villach' } },
      { city: { old: 'Villach', new: 'Wolfsberg' } },
    ]);
  });

  it('records a field edited in place with the read that answers the call, from the row it read and locked first', async () => {
    const { phones, records, withRead, joined } = await t.db.transaction().execute(async (trx) => {
      const created = await createRecord(
        trx,
        customerEntity,
        { lastName: 'Vor Ort', zip: '9020', city: 'Klagenfurt', country: 'AT', phone: '0463 123451' },
        CALLER,
      );
      let version = created.version;
      const phones = [created.phone];
      for (const value of ['0463 123452', '0463 123453']) {
        const change = { id: created.id, version, field: 'phone', value };
        const saved = await updateCustomerField(trx, change, CALLER, 'Europe/Vienna');
        version = saved.version;
        phones.push(saved.phone);
      }
      const statements = async (like: string) =>
        (
          await sql<{ text: string }>`
            SELECT statement AS text FROM pg_prepared_statements WHERE statement LIKE ${like}`.execute(trx)
        ).rows;
      return {
        phones,
        records: (
          await sql<{ changes: unknown; actor: string }>`
            SELECT changes, actor_name AS actor FROM change_record
            WHERE area = 'kunden' AND record_id = ${created.id} AND action = 'update' ORDER BY id`.execute(
            trx,
          )
        ).rows,
        withRead: await statements('%WITH recorded AS (%INSERT INTO change_record%'),
        joined: await statements('%UPDATE "customer" t SET "phone"%FROM (SELECT * FROM "customer"%'),
      };
    });
    // As stored (the phone rule writes numbers in international form).
    expect(new Set(phones).size).toBe(3);
    expect(records).toEqual([
      { changes: { phone: { old: phones[0], new: phones[1] } }, actor: 'Test Person' },
      { changes: { phone: { old: phones[1], new: phones[2] } }, actor: 'Test Person' },
    ]);
    // One statement writes the record and reads the row back; the UPDATE does not join the old row again.
    expect(withRead).toHaveLength(1);
    expect(joined).toHaveLength(0);
  });

  it('records a Kanban move with the move’s event, from the row it locked, and nothing for a move that rolls back', async () => {
    const customerId = await customerNamed('Verschoben');
    const card = (
      await sql<{ id: number; version: number; status: number | null }>`
        INSERT INTO vorgang (vorgang_number, customer_id, title) VALUES ('V-KANBAN-1', ${customerId}, 'Fenster')
        RETURNING id, version, custom_status_id AS status`.execute(t.db)
    ).rows[0]!;
    const [first, second] = (
      await sql<{ id: number }>`
        INSERT INTO custom_status (name, color) VALUES ('Aufmaß geplant', '#1e88e5'), ('Wartet auf Kunde', '#43a047')
        RETURNING id`.execute(t.db)
    ).rows.map((r) => r.id);
    const { records, withEvent, joined } = await t.db.transaction().execute(async (trx) => {
      let version = card.version;
      for (const customStatusId of [first!, second!]) {
        version = (await moveOnBoard(trx, { vorgangId: card.id, customStatusId, version }, CALLER)).version;
      }
      const statements = async (like: string) =>
        (
          await sql<{ text: string }>`
            SELECT statement AS text FROM pg_prepared_statements WHERE statement LIKE ${like}`.execute(trx)
        ).rows;
      return {
        records: (
          await sql<{ changes: unknown; actor: string }>`
            SELECT changes, actor_name AS actor FROM change_record
            WHERE area = 'vorgang' AND record_id = ${card.id} ORDER BY id`.execute(trx)
        ).rows,
        withEvent: await statements(
          '%WITH recorded AS (%INSERT INTO change_record%INSERT INTO kanban_event%',
        ),
        joined: await statements('%UPDATE "vorgang" t SET custom_status_id%FROM (SELECT * FROM "vorgang"%'),
      };
    });
    expect(records).toEqual([
      { changes: { customStatusId: { old: card.status, new: first } }, actor: 'Test Person' },
      { changes: { customStatusId: { old: first, new: second } }, actor: 'Test Person' },
    ]);
    // One statement writes the record and the move's event; the UPDATE does not join the old row again.
    expect(withEvent).toHaveLength(1);
    expect(joined).toHaveLength(0);

    const recorded = async () =>
      (
        await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM change_record WHERE area = 'vorgang' AND record_id = ${card.id}`.execute(
          t.db,
        )
      ).rows[0]!.n;
    const before = await recorded();
    const version = (
      await sql<{ version: number }>`SELECT version FROM vorgang WHERE id = ${card.id}`.execute(t.db)
    ).rows[0]!.version;
    await expect(
      inTransaction(t.db, async (trx) => {
        await moveOnBoard(trx, { vorgangId: card.id, customStatusId: first!, version }, CALLER);
        throw new Error('zurückgerollt');
      }),
    ).rejects.toThrow('zurückgerollt');
    expect(await recorded()).toBe(before);
  });

  it('builds a snapshot’s field lists once, and each change still records its own old → new', async () => {
    const customerId = await customerNamed('Einmal gebaut');
    const id = (
      await sql<{ id: number }>`
        INSERT INTO vorgang (vorgang_number, customer_id, title) VALUES ('V-LISTS-1', ${customerId}, 'Tür')
        RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    // Counts how often the field lists are built; `valued` carries a value (a parameter) in one expression.
    const built = { plain: 0, valued: 0 };
    const plain: SnapshotColumns = (row) => {
      built.plain++;
      return { own: { title: sql.ref(`${row}.title`) }, related: {} };
    };
    const valued: SnapshotColumns = (row) => {
      built.valued++;
      return { own: { title: sql`${sql.ref(`${row}.title`)} || ${'!'}` }, related: {} };
    };
    const retitle = async (columns: SnapshotColumns, title: string) =>
      t.db.transaction().execute(async (trx) => {
        const { rows } = await sql<Record<string, unknown>>`
          SELECT ${lockedSnapshotSelect(trx, columns, 'v')} FROM vorgang v WHERE v.id = ${id} FOR UPDATE`.execute(
          trx,
        );
        const { record } = await updateLockedWithRecord(
          trx,
          { actor: ACTOR, area: 'lists-test', recordId: id, snapshot: columns },
          { table: 'vorgang', set: sql`title = ${title}` },
          sql`t.id`,
          fieldsOf(rows[0]!, LOCKED_PREFIX),
        );
        if (record) await sql`${record}`.execute(trx);
      });
    for (const title of ['Haustür', 'Terrassentür']) await retitle(plain, title);
    for (const title of ['Balkontür', 'Kellertür']) await retitle(valued, title);
    // The lock's list and the UPDATE's list, once each; a list with a value is built for every statement.
    expect(built).toEqual({ plain: 2, valued: 4 });
    const records = await sql<{ changes: unknown }>`
      SELECT changes FROM change_record WHERE area = 'lists-test' AND record_id = ${id} ORDER BY id`.execute(
      t.db,
    );
    expect(records.rows.map((r) => r.changes)).toEqual([
      { title: { old: 'Tür', new: 'Haustür' } },
      { title: { old: 'Haustür', new: 'Terrassentür' } },
      { title: { old: 'Terrassentür!', new: 'Balkontür!' } },
      { title: { old: 'Balkontür!', new: 'Kellertür!' } },
    ]);
  });

  it('keeps the row it read for a change locked until the change commits, so the old values cannot go stale', async () => {
    // A bulk change of the Betreuer does not bump the version: only the lock keeps it out between read and UPDATE.
    const id = (await sql<{ id: number }>`SELECT id FROM customer ORDER BY id LIMIT 1`.execute(t.db)).rows[0]!
      .id;
    const blocked = await t.db.transaction().execute(async (trx) => {
      await readForUpdate(trx, customerEntity, id);
      return t.db.connection().execute(async (other) => {
        await sql`SET lock_timeout = '300ms'`.execute(other);
        try {
          await sql`UPDATE customer SET owner_user_id = owner_user_id WHERE id = ${id}`.execute(other);
          return null;
        } catch (error) {
          return error instanceof Error ? error.message : String(error);
        } finally {
          await sql`RESET lock_timeout`.execute(other);
        }
      });
    });
    expect(blocked).toMatch(/lock timeout/);
  });
});
