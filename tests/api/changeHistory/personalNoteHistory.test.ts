import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getChanges,
  getChangesForCustomer,
} from '../../../src/resources/changeHistory/changeHistory.endpoints';
import { updatePersonalNotes } from '../../../src/resources/customers/customers.endpoints';
import { createTestApp, ISSUER, resultOf, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';

const ADMIN = ['APP_ADMIN', 'APP_KUNDE'];
const SECRET = 'Sammelt heimlich Gartenzwerge';

/** A personal note is its author's alone: the Änderungsverlauf says that it changed, never what it says. */
describe('personal notes in the Änderungsverlauf', () => {
  let t: TestApp;
  let customer = 0;
  let vera = '';
  let otto = '';

  const saveNote = (token: string, text: string, version: number) =>
    resultOf(
      t.callEndpoint({ token }, updatePersonalNotes, { params: { id: customer }, body: { text, version } }),
    );
  const timelineOf = (token: string) =>
    resultOf(t.callEndpoint({ token }, getChangesForCustomer, { params: { id: customer }, query: {} }));

  beforeAll(async () => {
    t = await createTestApp();
    customer = (
      await sql<{ id: number }>`INSERT INTO customer (last_name) VALUES ('Notizkunde') RETURNING id`.execute(
        t.db,
      )
    ).rows[0]!.id;
    vera = await signAccessToken(t.signingKey, ISSUER, ['APP_KUNDE'], {
      oid: 'oid-vera',
      name: 'Vera Verkauf',
    });
    otto = await signAccessToken(t.signingKey, ISSUER, ADMIN, { oid: 'oid-otto', name: 'Otto Admin' });
    await saveNote(vera, 'Erste Fassung', 0);
    await saveNote(vera, SECRET, 1);
  });
  afterAll(() => t.close());

  it('records each save with its customer and version, never its text', async () => {
    const { rows } = await sql<{ customerId: number | null; changes: unknown }>`
      SELECT customer_id AS "customerId", changes FROM change_record WHERE area = 'persoenliche-notiz'
      ORDER BY id`.execute(t.db);
    expect(rows).toEqual([
      { customerId: customer, changes: { revision: { old: null, new: 1 } } },
      { customerId: customer, changes: { revision: { old: 1, new: 2 } } },
    ]);
    const admin = await resultOf(
      t.callEndpoint({ token: otto }, getChanges, { query: { area: 'persoenliche-notiz' } }),
    );
    expect(JSON.stringify(admin.data)).not.toContain('Erste Fassung');
    expect(JSON.stringify(admin.data)).not.toContain(SECRET);
    expect(admin.data[0]!.changes).toEqual([
      { field: 'revision', label: 'Fassung (Inhalt privat)', old: '1', new: '2' },
    ]);
  });

  it("shows on the customer's timeline only to its author", async () => {
    const own = await timelineOf(vera);
    expect(own.data.map((e) => e.area)).toEqual(['persoenliche-notiz', 'persoenliche-notiz']);
    const others = await timelineOf(otto);
    expect(others.data).toEqual([]);
  });

  it('takes the text out of records written before, and names their customer (migration)', async () => {
    await sql`INSERT INTO change_record (actor_oid, actor_name, area, record_id, action, changes)
      VALUES ('oid-alt', 'Alt', 'persoenliche-notiz', ${customer}, 'create',
          ${JSON.stringify({ text: { old: null, new: SECRET }, userOid: { old: null, new: 'oid-alt' } })}::jsonb),
        ('oid-alt', 'Alt', 'persoenliche-notiz', ${customer}, 'update',
          ${JSON.stringify({ text: { old: SECRET, new: `${SECRET}!` } })}::jsonb)`.execute(t.db);
    const migration = await readFile(
      path.resolve('server/changeHistory/migrations/202611290817_change_record_owners.sql'),
      'utf8',
    );
    await sql.raw(migration).execute(t.db);
    const { rows } = await sql<{ customerId: number; changes: unknown }>`
      SELECT customer_id AS "customerId", changes FROM change_record
      WHERE area = 'persoenliche-notiz' AND actor_oid = 'oid-alt' ORDER BY id`.execute(t.db);
    expect(rows).toEqual([
      { customerId: customer, changes: { revision: { old: null, new: 1 } } },
      { customerId: customer, changes: { revision: { old: 1, new: 2 } } },
    ]);
    const anywhere = await sql<{ n: number }>`SELECT count(*)::int AS n FROM change_record
      WHERE changes::text LIKE ${`%${SECRET}%`}`.execute(t.db);
    expect(anywhere.rows[0]!.n).toBe(0);
  });
});
