import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyToday } from '../../../src/config/companyTime';
import type { BodyOf, QueryOf } from '../../../src/api/endpoint';
import {
  countNpsAnswers,
  getNpsAnswer,
  getNpsAnswers,
  getNpsCustomerOptions,
  getNpsStatistics,
  saveNpsAnswer,
} from '../../../src/resources/nps/nps.endpoints';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';
import { workbookOf } from '../../support/excelWorkbook';

const NPS = ['APP_NPS'];
type Row = Record<string, unknown>;

describe('NPS answers: list, capture, edit, follow-up, export', () => {
  let t: TestApp;
  let customer: number;
  let vorgang: number;
  let otherVorgang: number;
  let betreuer: number;
  let seller: number;
  let villach: number;
  const today = companyToday('Europe/Vienna');

  const save = (body: BodyOf<typeof saveNpsAnswer>) => t.callEndpoint(NPS, saveNpsAnswer, { body });
  const count = (query: QueryOf<typeof countNpsAnswers>) =>
    resultOf(t.callEndpoint(NPS, countNpsAnswers, { query }));
  const customerOptions = (q: string) =>
    resultOf(t.callEndpoint(NPS, getNpsCustomerOptions, { query: { q } }));

  beforeAll(async () => {
    t = await createTestApp();
    const id = async (query: ReturnType<typeof sql<{ id: number }>>) =>
      (await query.execute(t.db)).rows[0]!.id;
    villach = await id(sql`INSERT INTO branch (name) VALUES ('Villach') RETURNING id`);
    const klagenfurt = await id(sql`INSERT INTO branch (name) VALUES ('Klagenfurt') RETURNING id`);
    betreuer = await id(
      sql`INSERT INTO app_user (azure_oid, name) VALUES ('oid-b', 'Bettina Betreuer') RETURNING id`,
    );
    seller = await id(
      sql`INSERT INTO app_user (azure_oid, name) VALUES ('oid-v', 'Victor Verkauf') RETURNING id`,
    );
    customer = await id(sql`
      INSERT INTO customer (last_name, first_name, owner_user_id, branch_id, email)
      VALUES ('Gruber', 'Maria', ${betreuer}, ${klagenfurt}, 'maria.gruber@example.at') RETURNING id`);
    vorgang = await id(sql`
      INSERT INTO vorgang (vorgang_number, customer_id, title, seller_user_id, branch_id)
      VALUES ('V-100', ${customer}, 'Fenster Wohnzimmer', ${seller}, ${villach}) RETURNING id`);
    const other = await id(sql`INSERT INTO customer (last_name) VALUES ('Huber') RETURNING id`);
    otherVorgang = await id(sql`
      INSERT INTO vorgang (vorgang_number, customer_id, title) VALUES ('V-200', ${other}, 'Tür') RETURNING id`);
  });
  afterAll(() => t.close());

  it('refuses other groups and no token', async () => {
    const calls = {
      list: (groups: string[] | null) => t.callEndpoint(groups, getNpsAnswers, { query: {} }),
      count: (groups: string[] | null) => t.callEndpoint(groups, countNpsAnswers, { query: {} }),
      statistics: (groups: string[] | null) => t.callEndpoint(groups, getNpsStatistics, { query: {} }),
      answer: (groups: string[] | null) => t.callEndpoint(groups, getNpsAnswer, { params: { id: 1 } }),
    };
    for (const [name, call] of Object.entries(calls)) {
      expect((await call(['APP_KUNDE'])).status, name).toBe(403);
      expect((await call(null)).status, name).toBe(401);
    }
    expect((await t.callEndpoint(['APP_KUNDE'], saveNpsAnswer, { body: {} })).status).toBe(403);
  });

  it('says in German what is wrong, per field, and saves nothing', async () => {
    const bad = await save({
      customerId: 'x',
      score: 11,
      channel: 'fax',
      answeredOn: '2026-02-30',
      comment: 5,
    });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({
      customerId: 'Bitte wählen Sie einen Kunden.',
      score: 'Bitte wählen Sie eine Bewertung von 0 bis 10.',
      comment: 'Der Kommentar muss ein Text sein.',
      channel: 'Bitte wählen Sie, wie die Antwort kam (Telefon, Persönlich / Karte, E-Mail, Online).',
      answeredOn: 'Bitte geben Sie ein gültiges Datum ein.',
    });
    const future = await save({
      customerId: customer,
      score: 5,
      channel: 'telefon',
      answeredOn: '2999-01-01',
    });
    expect(future.errors).toEqual({ answeredOn: 'Das Datum darf nicht in der Zukunft liegen.' });
    const long = await save({
      customerId: customer,
      score: 5,
      channel: 'telefon',
      answeredOn: today,
      comment: 'x'.repeat(2001),
    });
    expect(long.errors).toEqual({
      comment: 'Der Kommentar darf höchstens 2.000 Zeichen lang sein.',
    });
    const foreign = await save({
      customerId: customer,
      vorgangId: otherVorgang,
      score: 5,
      channel: 'telefon',
      answeredOn: today,
    });
    expect(foreign.errors).toEqual({
      vorgangId: 'Dieser Vorgang gehört nicht zu dem gewählten Kunden.',
    });
    const missing = await save({ customerId: 999999, score: 5, channel: 'telefon', answeredOn: today });
    expect(missing.errors).toEqual({ customerId: 'Diesen Kunden gibt es nicht (mehr).' });
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM nps_answer`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
  });

  it('captures a detractor: seller and branch from the Vorgang, a due call for the Betreuer', async () => {
    const saved = await save({
      customerId: customer,
      vorgangId: vorgang,
      score: 3,
      comment: 'Monteure kamen zu spät.',
      channel: 'telefon',
      answeredOn: today,
    });
    expect(saved.status).toBe(200);
    const answer = saved.result;
    expect(answer).toMatchObject({
      score: 3,
      customerName: 'Gruber, Maria',
      vorgangNumber: 'V-100',
      sellerName: 'Victor Verkauf',
      branchName: 'Villach',
      followUpDone: false,
      followUpDue: today,
      followUpUser: 'Bettina Betreuer',
      version: 1,
    });
    const { rows } = await sql<Row>`
      SELECT activity_type, due_date, done, note, user_id, customer_id FROM activity WHERE id = ${answer.followUpId}`.execute(
      t.db,
    );
    expect(rows[0]).toEqual({
      activity_type: 'anruf',
      due_date: today,
      done: false,
      note: 'NPS 3: Kunde anrufen\n„Monteure kamen zu spät.“',
      user_id: betreuer,
      customer_id: customer,
    });
    // Followed up once the todo is done.
    await sql`UPDATE activity SET done = true WHERE id = ${answer.followUpId}`.execute(t.db);
    expect(await resultOf(t.callEndpoint(NPS, getNpsAnswer, { params: { id: answer.id } }))).toMatchObject({
      followUpDone: true,
    });
  });

  it('gives a promoter no todo, and edits only at the version read (409 when stale)', async () => {
    const saved = await save({
      customerId: customer,
      score: 9,
      channel: 'persoenlich',
      answeredOn: '2026-01-15',
    });
    const answer = saved.result;
    expect(answer).toMatchObject({
      followUpId: null,
      branchName: 'Klagenfurt',
      sellerName: 'Bettina Betreuer',
    });
    // An earlier day is stored as its noon in Vienna.
    expect(new Date(answer.answeredAt).toISOString()).toBe('2026-01-15T11:00:00.000Z');
    const edited = await save({
      id: answer.id,
      version: 1,
      customerId: customer,
      score: 6,
      comment: 'Doch nicht so gut',
      channel: 'persoenlich',
      answeredOn: '2026-01-15',
    });
    expect(edited.status).toBe(200);
    expect(edited.result).toMatchObject({ version: 2, score: 6, answeredAt: answer.answeredAt });
    expect(edited.result.followUpId).toEqual(expect.any(Number)); // became a detractor: todo now
    const stale = await save({
      id: answer.id,
      version: 1,
      customerId: customer,
      score: 10,
      channel: 'persoenlich',
      answeredOn: '2026-01-15',
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(/^Die NPS-Antwort wurde inzwischen von Test Person geändert\./);
    const noVersion = await save({
      id: answer.id,
      customerId: customer,
      score: 10,
      channel: 'persoenlich',
      answeredOn: '2026-01-15',
    });
    expect(noVersion.errors).toEqual({
      version: 'Zum Ändern wird die gelesene Version gebraucht.',
    });
    expect(
      (
        await save({
          id: 999999,
          version: 1,
          customerId: customer,
          score: 1,
          channel: 'email',
          answeredOn: today,
        })
      ).status,
    ).toBe(404);
    expect((await t.callEndpoint(NPS, getNpsAnswer, { params: { id: 999999 } })).status).toBe(404);
  });

  it('lists a page filtered and sorted in the database, with its count', async () => {
    for (let i = 0; i < 12; i++) {
      await sql`INSERT INTO nps_answer (customer_id, score, answered_at, branch_id, comment)
                VALUES (${customer}, ${i % 11}, ${`2025-06-${String(i + 1).padStart(2, '0')}T10:00:00Z`}, ${villach},
                        ${i % 2 ? 'mit Kommentar' : null})`.execute(t.db);
    }
    const page = await resultOf(
      t.callEndpoint(NPS, getNpsAnswers, {
        query: { from: '2025-06-01', to: '2025-06-30', sort: 'score', order: 'ASC', page: 2, perPage: 5 },
      }),
    );
    expect(page.map((r) => r.score)).toEqual([4, 5, 6, 7, 8]); // 0, 0, 1, 2, 3 | 4 … 8
    const june = { from: '2025-06-01', to: '2025-06-30' };
    expect(await count(june)).toEqual({ total: 12 });
    expect(await count({ ...june, withComment: true })).toEqual({ total: 6 });
    expect(await count({ ...june, category: 'kritiker' })).toEqual({ total: 8 });
    expect(await count({ branchId: villach, category: 'promoter' })).toEqual({ total: 2 });
    const newest = await resultOf(t.callEndpoint(NPS, getNpsAnswers, { query: { perPage: 1 } }));
    expect(newest[0]!.score).toBe(3); // today's detractor
    // A raw call: the sort field is deliberately one the declaration does not allow.
    const bad = await t.callAs(NPS, { method: 'GET', url: `/api/${getNpsAnswers.path}?sort=comment` });
    expect(bad.status).toBe(400);
  });

  it('exports the filtered answers as an Excel file', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/nps/exportExcel?from=2025-06-01&to=2025-06-30&sort=score&order=DESC',
      headers: { authorization: `Bearer ${await t.tokenFor(NPS)}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/NPS_\d{4}-\d{2}-\d{2}\.xlsx/);
    const workbook = await workbookOf(response.rawPayload);
    const sheet = workbook.getWorksheet('NPS')!;
    expect(sheet.rowCount).toBe(13);
    expect(sheet.getRow(1).values).toContain('Bewertung');
    expect(sheet.getRow(2).getCell(2).value).toBe(10);
    expect(sheet.getRow(2).getCell(3).value).toBe('Promotoren (9–10)');
  });

  // One search rule for every customer picker: the Kunden list's (commas ignored, words in any order, a phone
  // number however typed). The display form is "Gruber, Maria".
  it('finds a customer for "Umfrage senden" / "Antwort erfassen" as the Kunden list does', async () => {
    await sql`UPDATE customer SET phone = '+43 463 123456' WHERE id = ${customer}`.execute(t.db);
    for (const q of [
      'Gruber, Maria',
      'Maria Gruber',
      'maria, gruber',
      'Gruber Maria',
      'gru mar',
      '0463 123456',
    ]) {
      const options = await customerOptions(q);
      expect(
        options.map((option) => option.id),
        q,
      ).toEqual([customer]);
    }
    expect(await customerOptions('Gruber, Hans')).toEqual([]);
  });
});
