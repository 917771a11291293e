import { sql } from 'kysely';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { SAMPLE_IMPORT_DIR } from '../../../server/sync/sampleImport';
import { getChanges } from '../../../src/resources/changeHistory/changeHistory.endpoints';
import { getSyncStatus, startSync } from '../../../src/resources/sync/sync.endpoints';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const ADMIN = ['APP_ADMIN'];
const HEADER = 'belegnummer;belegart;datum;vorgangsnummer;kundennummer;bezeichnung;netto;brutto;status';

/** The Summe netto of a Vorgang follows its Belege from the ERP, recorded as the data sync's change. */
describe('the data sync keeps a Vorgang’s Summe netto', () => {
  let t: TestApp;

  const syncNow = async () => {
    expect((await t.callEndpoint(ADMIN, startSync, { query: { logging: false } })).status).toBe(200);
    for (let i = 0; i < 200; i++) {
      const { run } = await resultOf(t.callEndpoint(ADMIN, getSyncStatus));
      if (run && run.state !== 'laeuft') return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('Der Abgleich wurde nicht fertig.');
  };
  const totalOf = async (number: string) =>
    (
      await sql<{ cents: number }>`
        SELECT net_total_cents::float8 AS cents FROM vorgang WHERE vorgang_number = ${number}`.execute(t.db)
    ).rows[0]!.cents;
  const writeBelege = (...rows: string[]) =>
    writeFile(path.join(t.importDir, 'belege.csv'), [HEADER, ...rows].join('\n') + '\n');

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 3 });
    await cp(SAMPLE_IMPORT_DIR, t.importDir, { recursive: true });
    await syncNow();
  });
  afterAll(() => t.close());

  it('takes the order’s net amount, before any order the offer’s', async () => {
    // VE-900001 has an Angebot and an Auftragsbestätigung, VE-900002 only an Angebot.
    expect(await totalOf('VE-900001')).toBe(845000);
    expect(await totalOf('VE-900002')).toBe(2130500);
  });

  it('changes the total with a changed Beleg amount and records it as the data sync’s', async () => {
    const vorgangId = (
      await sql<{ id: number }>`SELECT id FROM vorgang WHERE vorgang_number = 'VE-900001'`.execute(t.db)
    ).rows[0]!.id;
    await writeBelege(
      'AB-E-900001;Auftragsbestätigung;12.11.2026;VE-900001;E-900001;;9.100,00;10.920,00;offen',
      // A later Rechnung (perhaps partial) does not replace what was ordered.
      'RE-E-900001;Rechnung;20.11.2026;VE-900001;E-900001;;4.000,00;4.800,00;offen',
      // A newer offer after the first one is the current offer.
      'AN-E-900002B;Angebot;20.11.2026;VE-900002;E-900002;;19.000,00;22.800,00;offen',
    );
    await syncNow();
    expect(await totalOf('VE-900001')).toBe(910000);
    expect(await totalOf('VE-900002')).toBe(1900000);

    const recorded = await sql<{ actor: string; changes: Record<string, { old: unknown; new: unknown }> }>`
      SELECT actor_name AS actor, changes FROM change_record
      WHERE area = 'vorgang' AND record_id = ${vorgangId} AND changes ? 'netTotalCents'
      ORDER BY id`.execute(t.db);
    const last = recorded.rows.at(-1);
    expect(last?.actor).toBe('Datenabgleich');
    expect(last?.changes.netTotalCents).toEqual({ old: 845000, new: 910000 });
    const entries = await resultOf(
      t.callEndpoint(ADMIN, getChanges, { query: { area: 'vorgang', actor: 'Datenabgleich', perPage: 100 } }),
    );
    const shown = entries.data.find(
      (e) => e.recordId === vorgangId && e.changes.some((c) => c.label === 'Summe netto'),
    );
    expect(shown?.changes).toContainEqual({
      field: 'netTotalCents',
      label: 'Summe netto',
      old: '8.450,00\u00a0€',
      new: '9.100,00\u00a0€',
    });
  });

  it('sets both Vorgänge again when a Beleg moves from one to another', async () => {
    // The ERP moved the newer offer of VE-900002 to a new Vorgang of the same customer.
    await writeBelege(
      'AN-E-900002B;Angebot;20.11.2026;VE-900003;E-900002;Werkhalle Tor;19.000,00;22.800,00;offen',
    );
    await syncNow();
    expect(await totalOf('VE-900003')).toBe(1900000);
    // The Vorgang it left has only its first offer again.
    expect(await totalOf('VE-900002')).toBe(2130500);
  });

  it('makes a Vorgang left with no Beleg an Anfrage again, without a Summe netto, keeping the seller’s estimate', async () => {
    // VE-900003 holds only the offer moved to it above; the seller's estimate was typed before it had a Beleg.
    const { id: vorgangId } = (
      await sql<{ id: number }>`
        UPDATE vorgang SET expected_value_cents = 1500000 WHERE vorgang_number = 'VE-900003'
        RETURNING id`.execute(t.db)
    ).rows[0]!;
    await writeBelege('AN-E-900002B;Angebot;20.11.2026;VE-900002;E-900002;;19.000,00;22.800,00;offen');
    await syncNow();
    expect(await totalOf('VE-900002')).toBe(1900000);
    const left = (
      await sql<{ status: string; total: number; estimate: number }>`
        SELECT system_status AS status, net_total_cents::float8 AS total, expected_value_cents::float8 AS estimate
        FROM vorgang WHERE id = ${vorgangId}`.execute(t.db)
    ).rows[0];
    // Like a Vorgang created in the app before the ERP knows it: no Beleg, no total, the estimate stands.
    expect(left).toEqual({ status: 'anfrage', total: 0, estimate: 1500000 });
    const recorded = await sql<{ actor: string; changes: Record<string, { old: unknown; new: unknown }> }>`
      SELECT actor_name AS actor, changes FROM change_record
      WHERE area = 'vorgang' AND record_id = ${vorgangId} ORDER BY id DESC LIMIT 1`.execute(t.db);
    expect(recorded.rows[0]).toEqual({
      actor: 'Datenabgleich',
      changes: {
        netTotalCents: { old: 1900000, new: 0 },
        systemStatus: { old: 'angebot', new: 'anfrage' },
      },
    });
  });

  it('records nothing when the same Belege come again', async () => {
    const count = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM change_record`.execute(t.db)).rows[0]!.n;
    const before = await count();
    await syncNow();
    expect(await count()).toBe(before);
  });
});
