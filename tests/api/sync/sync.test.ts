import { sql } from 'kysely';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { SAMPLE_IMPORT_DIR } from '../../../server/sync/sampleImport';
import { getSyncLog, getSyncStatus, startSync } from '../../../src/resources/sync/sync.endpoints';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const ADMIN = ['APP_ADMIN'];

describe('etl/sync/daten', () => {
  let t: TestApp;
  const status = () => resultOf(t.callEndpoint(ADMIN, getSyncStatus));
  const sync = (logging = false) => t.callEndpoint(ADMIN, startSync, { query: { logging } });
  const finishedRun = async () => {
    for (let i = 0; i < 200; i++) {
      const { run } = await status();
      if (run && run.state !== 'laeuft') return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('Der Abgleich wurde nicht fertig.');
  };
  const problems = (runId: number) =>
    resultOf(t.callEndpoint(ADMIN, getSyncLog, { query: { runId, onlyProblems: true, perPage: 200 } }));
  const snapshot = async () =>
    (
      await sql<{ rows: string }>`
        SELECT json_build_object(
          'article', (SELECT json_agg(a ORDER BY id) FROM article a),
          'customer', (SELECT json_agg(c ORDER BY id) FROM customer c WHERE customer_number LIKE 'E-%'),
          'vorgang', (SELECT json_agg(v ORDER BY id) FROM vorgang v WHERE vorgang_number LIKE 'VE-%'),
          'beleg', (SELECT json_agg(b ORDER BY id) FROM beleg b WHERE beleg_number LIKE '%-E-%'),
          'position', (SELECT json_agg(p ORDER BY id) FROM beleg_position p
                       WHERE beleg_id IN (SELECT id FROM beleg WHERE beleg_number LIKE '%-E-%'))
        )::text AS rows`.execute(t.db)
    ).rows[0]!.rows;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 10 });
  });
  afterAll(() => t.close());

  it('refuses every call without APP_ADMIN', async () => {
    for (const groups of [['APP_ADMIN_VERKAUF'], ['APP_KUNDE'], []]) {
      expect((await t.callEndpoint(groups, getSyncStatus)).status).toBe(403);
      expect((await t.callEndpoint(groups, startSync, { query: {} })).status).toBe(403);
      expect((await t.callEndpoint(groups, getSyncLog, { query: { runId: 1 } })).status).toBe(403);
    }
  });

  it('says in German when the import folder holds no file', async () => {
    const response = await sync();
    expect(response.status).toBe(400);
    expect(response.message).toMatch(/^Im Importordner .* liegt keine Importdatei/);
    expect((await status()).run).toBeNull();
  });

  it('imports the sample: keeps the good rows, reports each bad row with file, line and reason', async () => {
    await cp(SAMPLE_IMPORT_DIR, t.importDir, { recursive: true });
    expect((await status()).files.map((f) => f.file)).toEqual([
      'artikel.csv',
      'kunden.csv',
      'belege.csv',
      'positionen.csv',
    ]);
    expect((await sync(true)).status).toBe(200);
    const run = await finishedRun();
    expect(run).toMatchObject({
      state: 'fertig',
      error: null,
      created: 13,
      updated: 1,
      unchanged: 0,
      rejected: 7,
    });
    expect(run.processed).toBe(21);
    expect(run.total).toBe(21);

    const log = await problems(run.id);
    const rejected = log.data.filter((e) => e.level === 'fehler').map((e) => [e.file, e.line, e.message]);
    expect(rejected).toEqual([
      ['artikel.csv', 5, 'Preis muss eine Zahl sein.'],
      ['artikel.csv', 6, 'Die Warengruppe „WG999“ ist im CRM nicht angelegt.'],
      ['kunden.csv', 4, 'E-Mail muss eine gültige E-Mail-Adresse sein.'],
      ['kunden.csv', 5, 'PLZ: Eine deutsche PLZ hat 5 Ziffern.'],
      ['belege.csv', 5, 'Den Kunden E-900009 gibt es nicht (er gehört in kunden.csv).'],
      ['positionen.csv', 8, 'Einzelpreis muss eine Zahl sein.'],
      ['positionen.csv', 9, 'Den Beleg AN-E-900009 gibt es nicht (er gehört in belege.csv).'],
    ]);

    const customer = await sql<{ name: string; city: string }>`
      SELECT company_name AS name, city FROM customer WHERE customer_number = 'E-900002'`.execute(t.db);
    expect(customer.rows[0]).toEqual({ name: 'Holzbau Wallner GmbH', city: 'Villach' });
    const vorgang = await sql<{ status: string; title: string; belege: number; positions: number }>`
      SELECT v.system_status AS status, v.title,
             (SELECT count(*)::int FROM beleg b WHERE b.vorgang_id = v.id) AS belege,
             (SELECT count(*)::int FROM beleg_position p JOIN beleg b ON b.id = p.beleg_id WHERE b.vorgang_id = v.id) AS positions
      FROM vorgang v WHERE vorgang_number = 'VE-900001'`.execute(t.db);
    expect(vorgang.rows[0]).toEqual({
      status: 'auftrag',
      title: 'Fenstertausch Einfamilienhaus',
      belege: 2,
      positions: 4,
    });
    const price = await sql<{
      cents: number;
    }>`SELECT price_cents AS cents FROM article WHERE article_number = 'IS-SPANN-F'`.execute(t.db);
    expect(price.rows[0]!.cents).toBe(9500);
    const travel = await sql<{ total: number; article: number | null }>`
      SELECT p.total_cents AS total, p.article_id AS article FROM beleg_position p JOIN beleg b ON b.id = p.beleg_id
      WHERE b.beleg_number = 'AN-E-900001' AND p.pos_nr = 20`.execute(t.db);
    expect(travel.rows[0]).toEqual({ total: 500, article: null });
  });

  it('changes nothing when the same export is synced again', async () => {
    const before = await snapshot();
    expect((await sync()).status).toBe(200);
    const run = await finishedRun();
    expect(run).toMatchObject({ state: 'fertig', created: 0, updated: 0, unchanged: 14, rejected: 7 });
    expect(await snapshot()).toBe(before);
  });

  it('reads JSON Lines too, and reports a line that is not JSON', async () => {
    const dir = t.importDir;
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'kunden.jsonl'),
      [
        JSON.stringify({ kundennummer: 'E-900010', nachname: 'Berger', plz: '1010', ort: 'Wien' }),
        '{kaputt',
        '',
        JSON.stringify({
          kundennummer: 'E-900011',
          nachname: 'Lang',
          land: 'DE',
          plz: '10115',
          email: 'lang@example.de',
        }),
      ].join('\n'),
    );
    // The CSV of the same name wins; without it the JSON Lines file is read.
    await writeFile(path.join(dir, 'kunden.csv'), 'kundennummer;nachname\n');
    expect((await status()).files.map((f) => f.file)).toContain('kunden.csv');
    await rm(path.join(dir, 'kunden.csv'));
    expect((await sync()).status).toBe(200);
    const run = await finishedRun();
    expect(run).toMatchObject({ created: 2, rejected: 7 + 1 - 2 });
    const log = await problems(run.id);
    expect(log.data.filter((e) => e.file === 'kunden.jsonl' && e.level === 'fehler')).toEqual([
      expect.objectContaining({ line: 2, message: 'Die Zeile ist kein gültiges JSON.' }),
    ]);
  });

  it('runs one sync at a time', async () => {
    const responses = await Promise.all([sync(), sync()]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.status === 409)!.message).toBe(
      'Ein Datenabgleich läuft gerade schon. Bitte warten Sie, bis er fertig ist.',
    );
    await finishedRun();
  });
});
