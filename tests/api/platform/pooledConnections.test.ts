import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChange } from '../../../server/platform/changes/recordChange';
import { connectionStringOf, openDatabase, type Database } from '../../../server/platform/db/database';
import { createTestApp, type TestApp } from '../../support/testApp';

const ACTOR = { oid: '11111111-2222-3333-4444-555555555555', name: 'Test Person' };

/** The Änderungsverlauf's INSERT on one connection of `db`, and what that connection then holds prepared. */
const preparedAfterRecording = (db: Database) =>
  db.transaction().execute(async (trx) => {
    await recordChange(trx, {
      actor: ACTOR,
      area: 'kunden',
      recordId: 424_242,
      before: { phone: '1' },
      after: { phone: '2' },
    });
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM pg_prepared_statements WHERE statement LIKE '%INSERT INTO change_record%'`.execute(
      trx,
    );
    return rows.length;
  });

/*
 * Through PgBouncer in transaction mode (DATABASE_URL) with DATABASE_DIRECT_URL beside it: no named prepared
 * statement goes through the pooler (another server connection would not know it), and what holds a session
 * (LISTEN) is given the direct address.
 */
describe('a pool behind a transaction pooler', () => {
  let t: TestApp;
  let pooled: Database;
  const direct = 'postgres://postgres@127.0.0.1:1/direct_not_used_for_queries';
  beforeAll(async () => {
    t = await createTestApp();
    pooled = openDatabase(connectionStringOf(t.db), 1, 'fenster-crm pooled', { directUrl: direct });
  });
  afterAll(async () => {
    await pooled?.destroy();
    await t?.close();
  });

  it('sends the Änderungsverlauf’s INSERT unprepared, and LISTEN to the direct address', async () => {
    expect(await preparedAfterRecording(t.db)).toBe(1);
    expect(await preparedAfterRecording(pooled)).toBe(0);
    expect(connectionStringOf(pooled)).toBe(direct);
  });
});
