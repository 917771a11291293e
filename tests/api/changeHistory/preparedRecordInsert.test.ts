import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChange } from '../../../server/platform/changes/recordChange';
import { createTestApp, type TestApp } from '../../support/testApp';

const ACTOR = { oid: '11111111-2222-3333-4444-555555555555', name: 'Test Person' };

describe('the Änderungsverlauf’s INSERT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is prepared once on the connection and reused there, each record with its own values', async () => {
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
          SELECT name, statement AS text FROM pg_prepared_statements WHERE name = 'change_record_insert'`.execute(
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
});
