import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import customerEntity from '../../../src/resources/customers/customer.entity';
import { recordChange } from '../../../server/platform/changes/recordChange';
import { createRecord, updateRecord } from '../../../server/platform/entities/entityRepository';
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
      const id = created.id as number;
      let version = created.version as number;
      for (const city of ['Villach', 'Wolfsberg']) {
        const saved = await updateRecord(trx, customerEntity, id, version, { city }, CALLER);
        version = saved.version as number;
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
});
