import { sql } from 'kysely';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeDuplicates } from '../../../server/duplicates/computeDuplicates';
import { updateCustomerField } from '../../../src/resources/customers/customers.endpoints';
import {
  dismissDuplicate,
  getDuplicates,
  getMergePreview,
  mergeCustomers,
  type MergeField,
} from '../../../src/resources/duplicates/duplicates.endpoints';
import { getSyncStatus, startSync } from '../../../src/resources/sync/sync.endpoints';
import { runJobOnce } from '../../support/runJob';
import type { QueryOf, ResultOf } from '../../../src/api/endpoint';
import customerEntity from '../../../src/resources/customers/customer.entity';
import { entityCalls, type EntityInput } from '../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const LEAD = ['APP_ADMIN_VERKAUF', 'APP_KUNDE'];
const ADMIN = ['APP_ADMIN'];
type Row = Record<string, unknown>;

// Tables the merge does not move because they are derived from the customer and computed anew.
const DERIVED = new Set(['customer_match_key', 'duplicate_pair']);

/**
 * Every row that refers to a customer, per table: each foreign key to `customer` (found in the catalogue, so a
 * table added later is counted too), the customer's files and its Änderungsverlauf.
 */
async function rowsOf(t: TestApp, customerId: number): Promise<Record<string, number>> {
  const { rows: references } = await sql<{ table: string; column: string }>`
    SELECT c.conrelid::regclass::text AS table, a.attname AS column
    FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND c.confrelid = 'customer'::regclass ORDER BY 1`.execute(t.db);
  const counts: Record<string, number> = {};
  const count = async (name: string, query: ReturnType<typeof sql<{ n: number }>>) => {
    counts[name] = (await query.execute(t.db)).rows[0]!.n;
  };
  for (const { table, column } of references) {
    if (DERIVED.has(table)) continue;
    await count(
      `${table}.${column}`,
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${customerId}`,
    );
  }
  await count(
    'stored_file',
    sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM stored_file WHERE owner_type = 'kunde' AND owner_id = ${customerId}`,
  );
  await count(
    'change_record',
    sql<{ n: number }>`SELECT count(*)::int AS n FROM change_record WHERE customer_id = ${customerId}`,
  );
  await count(
    'beleg',
    sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id WHERE v.customer_id = ${customerId}`,
  );
  return counts;
}

describe('duplicates: the list of likely duplicates and the merge', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const insert = async (name: string, values: Row) => {
    const columns = Object.keys(values);
    const { rows } = await sql<{ id: number }>`
      INSERT INTO customer (${sql.join(columns.map((c) => sql.ref(c)))})
      VALUES (${sql.join(columns.map((c) => values[c]))}) RETURNING id`.execute(t.db);
    ids[name] = rows[0]!.id;
  };
  const version = async (id: number) =>
    (await sql<{ version: number }>`SELECT version FROM customer WHERE id = ${id}`.execute(t.db)).rows[0]!
      .version;
  const merge = async (keep: number, merged: number, take: MergeField[] = [], groups = LEAD) =>
    t.callEndpoint(groups, mergeCustomers, {
      body: {
        keepId: keep,
        keepVersion: await version(keep),
        mergeId: merged,
        mergeVersion: await version(merged),
        take,
      },
    });

  beforeAll(async () => {
    t = await createTestApp();
    await insert('weiss', {
      customer_type: 'gewerbe',
      company_name: 'Fensterbau Weiß GmbH',
      customer_number: 'K-DUP-1',
      street: 'Bahnhofstraße 12',
      zip: '9020',
      city: 'Klagenfurt',
      phone: '+43 463 55512',
      email: 'office@weiss.example',
    });
    await insert('weissCopy', {
      customer_type: 'gewerbe',
      company_name: 'Weiss Fensterbau KG',
      street: 'Bahnhofstr. 12',
      zip: '9020',
      city: 'Klagenfurt am Wörthersee',
      phone: '0463 555 12',
      email: 'weiss@mail.example',
    });
    await insert('unrelated', { last_name: 'Anders', first_name: 'Paula', zip: '9020', street: 'Seeweg 1' });
    await insert('erpA', {
      last_name: 'Huber',
      first_name: 'Josef',
      customer_number: 'K-DUP-2',
      phone: '+43 664 1112223',
    });
    await insert('erpB', {
      last_name: 'Huber',
      first_name: 'Josef',
      customer_number: 'K-DUP-3',
      phone: '0664 111 2223',
    });
    await insert('crmOnly', { last_name: 'Müller', first_name: 'Eva', zip: '1010', street: 'Ring 1' });
    await insert('fromErp', {
      last_name: 'Mueller',
      first_name: 'Eva',
      customer_number: 'E-DUP-7',
      zip: '1010',
      street: 'Ring 1',
    });

    // Everything that can belong to the copy, one or more of each, and some on the original too.
    const copy = ids.weissCopy!;
    const { rows: vorgaenge } = await sql<{ id: number }>`
      INSERT INTO vorgang (customer_id, title, vorgang_number) VALUES (${copy}, 'Fenster Halle', 'V-DUP-1'),
        (${copy}, 'Tür', 'V-DUP-2'), (${ids.weiss}, 'Büro', 'V-DUP-3') RETURNING id`.execute(t.db);
    await sql`INSERT INTO beleg (vorgang_id, beleg_number, beleg_type, beleg_date, net_cents)
      VALUES (${vorgaenge[0]!.id}, 'AN-DUP-1', 'angebot', '2026-10-01', 100000),
        (${vorgaenge[0]!.id}, 'AB-DUP-1', 'auftragsbestaetigung', '2026-10-05', 100000)`.execute(t.db);
    await sql`INSERT INTO activity (customer_id, activity_type, note) VALUES (${copy}, 'anruf', 'Rückruf'),
      (${copy}, 'besuch', NULL), (${ids.weiss}, 'anruf', NULL)`.execute(t.db);
    await sql`INSERT INTO timeline_note (customer_id, text, author_name, author_oid)
      VALUES (${copy}, 'Zufahrt über den Hof', 'Vera', 'oid-v')`.execute(t.db);
    await sql`INSERT INTO personal_note (customer_id, user_oid, text) VALUES (${copy}, 'oid-v', 'Kopie'),
      (${copy}, 'oid-w', 'Nur auf der Kopie'), (${ids.weiss}, 'oid-v', 'Original')`.execute(t.db);
    await sql`INSERT INTO stored_file (owner_type, owner_id, original_name, stored_name, mime_type, size_bytes)
      VALUES ('kunde', ${copy}, 'Plan.pdf', 'dup-test-plan.pdf', 'application/pdf', 3)`.execute(t.db);
    await mkdir(t.filesDir, { recursive: true });
    await writeFile(path.join(t.filesDir, 'dup-test-plan.pdf'), 'PDF');
    const { rows: labels } = await sql<{ id: number }>`
      INSERT INTO label (name, for_customer) VALUES ('Dublettentest 1', true), ('Dublettentest 2', true)
      RETURNING id`.execute(t.db);
    await sql`INSERT INTO customer_label (customer_id, label_id, due_date)
      VALUES (${copy}, ${labels[0]!.id}, '2026-12-01'), (${copy}, ${labels[1]!.id}, NULL),
        (${ids.weiss}, ${labels[0]!.id}, '2026-12-20')`.execute(t.db);
    ids.sharedLabel = labels[0]!.id;
    const { rows: mails } = await sql<{ id: number }>`
      INSERT INTO sent_mail (customer_id, sender_oid, sender_name, recipient, subject, body, status)
      VALUES (${copy}, 'oid-v', 'Vera', 'weiss@mail.example', 'Angebot', 'Anbei', 'gesendet') RETURNING id`.execute(
      t.db,
    );
    await sql`INSERT INTO nps_answer (customer_id, score, comment) VALUES (${copy}, 9, 'Gut')`.execute(t.db);
    await sql`INSERT INTO nps_survey (token_hash, customer_id, sent_mail_id, sent_by, expires_at)
      VALUES ('dup-test-hash', ${copy}, ${mails[0]!.id}, 'Vera', now() + interval '30 days')`.execute(t.db);
    await sql`INSERT INTO privacy_request (kind, customer_id, requested_by_oid, requested_by_name) VALUES ('auskunft', ${copy}, 'oid-a', 'Anna')`.execute(
      t.db,
    );
    await sql`INSERT INTO change_record (actor_name, area, record_id, action, changes, customer_id)
      VALUES ('Vera', 'kunden', ${copy}, 'create', '{}'::jsonb, ${copy})`.execute(t.db);

    expect(await runJobOnce(computeDuplicates, t.app)).toBeGreaterThan(0);
  });
  afterAll(() => t.close());

  it('answers only the administration and the sales lead (403 for everyone else, 401 without sign-in)', async () => {
    const [weiss, weissCopy] = [ids.weiss!, ids.weissCopy!];
    const calls = {
      getDuplicates: (groups: string[] | null) => t.callEndpoint(groups, getDuplicates, { query: {} }),
      getMergePreview: (groups: string[] | null) =>
        t.callEndpoint(groups, getMergePreview, { params: { id: weiss, otherId: weissCopy } }),
      mergeCustomers: (groups: string[] | null) =>
        t.callEndpoint(groups, mergeCustomers, {
          body: { keepId: weiss, keepVersion: 1, mergeId: weissCopy, mergeVersion: 1, take: [] },
        }),
      dismissPair: (groups: string[] | null) =>
        t.callEndpoint(groups, dismissDuplicate, { body: { customerId: weiss, otherId: weissCopy } }),
    };
    for (const [name, call] of Object.entries(calls)) {
      for (const groups of [
        ['APP_KUNDE'],
        ['APP_KUNDE', 'APP_NPS', 'APP_DATEIEN', 'APP_STANDORT_S_VILLACH'],
      ]) {
        expect((await call(groups)).status, `${name} ${groups.join()}`).toBe(403);
      }
      expect((await call(null)).status).toBe(401);
    }
    expect((await calls.getDuplicates(ADMIN)).status).toBe(200);
    expect((await calls.getMergePreview(LEAD)).status).toBe(200);
  });

  it('shows a pair typed in now at once, finds it by search, and keeps a pair marked "Kein Duplikat" off the list', async () => {
    type Page = ResultOf<typeof getDuplicates>;
    const list = async (query: QueryOf<typeof getDuplicates> = {}) =>
      resultOf(t.callEndpoint(LEAD, getDuplicates, { query }));
    const has = (page: Page, a: number, b: number) =>
      page.data.some((p) => [p.customer.id, p.other.id].sort().join() === [a, b].sort().join());
    const save = async (values: EntityInput<typeof customerEntity>) =>
      resultOf(
        entityCalls(t, customerEntity).create(['APP_KUNDE'], {
          zip: '9500',
          city: 'Villach',
          country: 'AT',
          ...values,
        }),
      );
    const first = await save({ lastName: 'Sofortdublette', firstName: 'Heidi', phone: '+43 4242 771100' });
    const second = await save({ lastName: 'Sofortdublette', firstName: 'Heidi', phone: '04242 771100' });
    // No run of the background job in between: saving found it.
    expect(has(await list({ q: 'sofortdublette' }), first.id, second.id)).toBe(true);
    expect(has(await list({ q: 'sofortdublette 9500' }), first.id, second.id)).toBe(true);
    expect((await list({ q: 'sofortdublette Graz' })).total).toBe(0);

    const dismissed = await t.callEndpoint(LEAD, dismissDuplicate, {
      body: { customerId: second.id, otherId: first.id },
    });
    expect(dismissed.status).toBe(200);
    expect(has(await list({ q: 'sofortdublette' }), first.id, second.id)).toBe(false);
    const kept = await sql<{ by: string }>`SELECT dismissed_by AS by FROM duplicate_dismissal
      WHERE customer_id = ${Math.min(first.id, second.id)} AND other_id = ${Math.max(first.id, second.id)}`.execute(
      t.db,
    );
    expect(kept.rows).toEqual([{ by: 'Test Person' }]);
    const audited = await sql<{ changes: unknown }>`SELECT changes FROM change_record
      WHERE area = 'kein-duplikat' AND record_id = ${Math.min(first.id, second.id)}`.execute(t.db);
    expect(audited.rows).toEqual([
      { changes: { otherId: { old: null, new: Math.max(first.id, second.id) } } },
    ]);
    // Neither the job nor another save proposes it again.
    await runJobOnce(computeDuplicates, t.app);
    const edit = await t.callEndpoint(['APP_KUNDE'], updateCustomerField, {
      body: { id: second.id, version: second.version, field: 'email', value: 'heidi@example.at' },
    });
    expect(edit.status).toBe(200);
    expect(has(await list({ q: 'sofortdublette' }), first.id, second.id)).toBe(false);
  });

  it('lists the planted pairs, scored by the shared rule, best first, paged in the database', async () => {
    const list = (query: QueryOf<typeof getDuplicates> = {}) =>
      resultOf(t.callEndpoint(LEAD, getDuplicates, { query }));
    const result = await list();
    const pairs = result.data.map((p) => [p.customer.id, p.other.id].sort().join('-'));
    const pair = (a: string, b: string) => [ids[a], ids[b]].sort().join('-');
    expect(pairs).toContain(pair('weiss', 'weissCopy'));
    expect(pairs).toContain(pair('erpA', 'erpB'));
    expect(pairs).toContain(pair('crmOnly', 'fromErp'));
    expect(pairs.some((p) => p.split('-').includes(String(ids.unrelated)))).toBe(false);
    const weiss = result.data.find((p) => [p.customer.id, p.other.id].includes(ids.weiss))!;
    expect(weiss.reasons).toEqual(['gleicher Name', 'gleiche Telefonnummer', 'gleiche Adresse']);
    expect(result.data.map((p) => p.score)).toEqual(
      [...result.data.map((p) => p.score)].sort((a, b) => b - a),
    );
    const second = await list({ perPage: 1, page: 2 });
    expect(second.total).toBe(result.total);
    expect(second.data).toEqual([result.data[1]]);
    const byName = await list({ sort: 'name' });
    const names = byName.data.map((p) => String(p.customer.displayName));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
  });

  it('shows both customers side by side with what belongs to each', async () => {
    const preview = await resultOf(
      t.callEndpoint(LEAD, getMergePreview, { params: { id: ids.weiss!, otherId: ids.weissCopy! } }),
    );
    expect(preview.customer.customerNumber).toBe('K-DUP-1');
    expect(preview.other.values.email).toBe('weiss@mail.example');
    expect(preview.other.related).toMatchObject({
      vorgaenge: 2,
      belege: 2,
      activities: 2,
      files: 1,
      labels: 2,
    });
  });

  it('refuses two different ERP numbers with a German message naming both, and changes nothing', async () => {
    const before = await rowsOf(t, ids.erpB!);
    const refused = await merge(ids.erpA!, ids.erpB!);
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('K-DUP-2 und K-DUP-3');
    expect(refused.message).toMatch(/zuerst im ERP zusammen/);
    expect(await rowsOf(t, ids.erpB!)).toEqual(before);
    expect(await version(ids.erpB!)).toBe(1);
  });

  it('refuses a stale version of either customer (409)', async () => {
    const stale = await t.callEndpoint(LEAD, mergeCustomers, {
      body: {
        keepId: ids.weiss!,
        keepVersion: await version(ids.weiss!),
        mergeId: ids.weissCopy!,
        mergeVersion: (await version(ids.weissCopy!)) + 1,
        take: [],
      },
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(/^Kunde „.+“ wurde inzwischen von .+ geändert\./);
  });

  it('moves every related row to the survivor in one go and records itself on both', async () => {
    const keep = ids.weiss!;
    const copy = ids.weissCopy!;
    const before = { keep: await rowsOf(t, keep), copy: await rowsOf(t, copy) };
    expect(Object.keys(before.copy)).toEqual(
      expect.arrayContaining([
        'vorgang.customer_id',
        'activity.customer_id',
        'nps_answer.customer_id',
        'sent_mail.customer_id',
      ]),
    );
    const merged = await merge(keep, copy, ['email', 'city']);
    expect(merged.status, merged.message).toBe(200);
    expect(merged.result).toMatchObject({ id: keep, moved: { vorgaenge: 2, belege: 2, activities: 2 } });

    const after = { keep: await rowsOf(t, keep), copy: await rowsOf(t, copy) };
    // The same customer twice keeps a label once and a person's note once: those two are the only losses.
    const expected = Object.fromEntries(
      Object.keys(before.keep).map((name) => [name, before.keep[name]! + before.copy[name]!]),
    );
    expected['customer_label.customer_id']! -= 1;
    expected['personal_note.customer_id']! -= 1;
    // The merge writes its own entries: one on the survivor, one for the merged customer, one per moved Vorgang.
    expected.change_record! += 2 + before.copy['vorgang.customer_id']!;
    expect(after.keep).toEqual(expected);
    expect(
      Object.values(after.copy).every((n) => n === 0),
      JSON.stringify(after.copy),
    ).toBe(true);
    expect((await sql`SELECT 1 FROM customer WHERE id = ${copy}`.execute(t.db)).rows).toEqual([]);

    const { rows: survivor } = await sql<Row>`SELECT customer_number, email, city, company_name, version
      FROM customer WHERE id = ${keep}`.execute(t.db);
    expect(survivor[0]).toEqual({
      customer_number: 'K-DUP-1',
      email: 'weiss@mail.example',
      city: 'Klagenfurt am Wörthersee',
      company_name: 'Fensterbau Weiß GmbH',
      version: 2,
    });
    const { rows: label } = await sql<{ due: string }>`SELECT due_date::text AS due FROM customer_label
      WHERE customer_id = ${keep} AND label_id = ${ids.sharedLabel}`.execute(t.db);
    expect(label).toEqual([{ due: '2026-12-01' }]);
    const { rows: note } = await sql<{ text: string }>`SELECT text FROM personal_note
      WHERE customer_id = ${keep} AND user_oid = 'oid-v'`.execute(t.db);
    expect(note[0]!.text).toBe('Original\n\nKopie');

    /** A change record: each changed field with its old and new value. */
    interface ChangeRow {
      area: string;
      recordId: number;
      action: string;
      changes: Record<string, { old: unknown; new: unknown }>;
      customerId: number | null;
    }
    const { rows: records } = await sql<ChangeRow>`SELECT area, record_id AS "recordId", action, changes,
        customer_id AS "customerId" FROM change_record WHERE actor_oid IS NOT NULL ORDER BY id`.execute(t.db);
    const survivorRecord = records.find((r) => r.recordId === keep && r.area === 'kunden')!;
    expect(survivorRecord.action).toBe('update');
    const changes = survivorRecord.changes;
    expect(changes.email).toEqual({ old: 'office@weiss.example', new: 'weiss@mail.example' });
    expect(String(changes['Zusammenführung']!.new)).toMatch(
      /Weiss Fensterbau KG übernommen.*2 Vorgänge, 2 Belege/,
    );
    const mergedRecord = records.find((r) => r.recordId === copy && r.area === 'kunden')!;
    expect(mergedRecord).toMatchObject({ action: 'delete', customerId: keep });
    expect(mergedRecord.changes.companyName).toEqual({ old: 'Weiss Fensterbau KG', new: null });
    expect(records.filter((r) => r.area === 'vorgang').map((r) => r.changes)).toEqual([
      { customerId: { old: copy, new: keep } },
      { customerId: { old: copy, new: keep } },
    ]);

    // The merged pair is gone from the list at once, the others stay.
    const list = await resultOf(t.callEndpoint(LEAD, getDuplicates, { query: {} }));
    expect(list.data.some((p) => [p.customer.id, p.other.id].includes(copy))).toBe(false);
  });

  it('keeps the ERP number: the data sync finds the survivor by the merged customer’s number', async () => {
    const keep = ids.crmOnly!;
    const merged = await merge(keep, ids.fromErp!, ['lastName']);
    expect(merged.status, merged.message).toBe(200);
    const customersBefore = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM customer`.execute(t.db))
      .rows[0]!.n;

    await mkdir(t.importDir, { recursive: true });
    await writeFile(
      path.join(t.importDir, 'kunden.csv'),
      'kundennummer;nachname;vorname;plz;ort;land;telefon\nE-DUP-7;Mueller;Eva;1010;Wien;AT;+43 1 5550001\n',
    );
    await writeFile(
      path.join(t.importDir, 'belege.csv'),
      'belegnummer;belegart;datum;vorgangsnummer;kundennummer;bezeichnung;netto;brutto;status\n' +
        'AN-DUP-7;Angebot;02.11.2026;VE-DUP-7;E-DUP-7;Fenster;1.000,00;1.200,00;offen\n',
    );
    expect((await t.callEndpoint(ADMIN, startSync, { query: {} })).status).toBe(200);
    for (let i = 0; i < 200; i++) {
      const { run } = await resultOf(t.callEndpoint(ADMIN, getSyncStatus));
      if (run && run.state !== 'laeuft') {
        expect(run).toMatchObject({ state: 'fertig', rejected: 0 });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM customer`.execute(t.db)).rows[0]!.n).toBe(
      customersBefore,
    );
    const { rows } = await sql<Row>`SELECT c.id, c.phone, v.vorgang_number AS vorgang FROM customer c
      JOIN vorgang v ON v.customer_id = c.id WHERE c.customer_number = 'E-DUP-7'`.execute(t.db);
    expect(rows).toEqual([{ id: keep, phone: '+43 1 5550001', vorgang: 'VE-DUP-7' }]);
  });
});
