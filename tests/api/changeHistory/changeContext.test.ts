import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import {
  exportChanges,
  getChanges,
  getChangesForVorgang,
} from '../../../src/resources/changeHistory/changeHistory.endpoints';
import { addCustomDescriptionToPosNr } from '../../../src/resources/customers/customers.endpoints';
import { postNoteToTimeline } from '../../../src/resources/customers/timeline/timeline.endpoints';
import {
  addNoteToBelegInteraction,
  setExpectedValueForVorgang,
} from '../../../src/resources/vorgaenge/vorgang.endpoints';
import { downloadFrom } from '../../support/fileCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';
import { workbookOf } from '../../support/excelWorkbook';

const ADMIN = ['APP_ADMIN', 'APP_KUNDE'];

/** An admin reading the Änderungsverlauf learns whose record changed: the customer's name, the Vorgang's number. */
describe('the Änderungsverlauf names the customer and Vorgang a record belongs to', () => {
  let t: TestApp;
  let customerName = '';
  let vorgangId = 0;

  const adminEntries = async () =>
    (await resultOf(t.callEndpoint(ADMIN, getChanges, { query: { perPage: 100 } }))).data;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 3 });
    const customer = (
      await sql<{ id: number; name: string }>`
        SELECT id, display_name AS name FROM customer ORDER BY id LIMIT 1`.execute(t.db)
    ).rows[0]!;
    customerName = customer.name;
    const vorgang = (
      await sql<{ id: number; version: number }>`
        INSERT INTO vorgang (vorgang_number, customer_id, title, system_status, board_position)
        VALUES ('VK-000001', ${customer.id}, 'Kontext Fenster', 'anfrage', 0) RETURNING id, version`.execute(
        t.db,
      )
    ).rows[0]!;
    await sql`TRUNCATE change_record`.execute(t.db);
    await resultOf(
      t.callEndpoint(ADMIN, postNoteToTimeline, {
        body: { customerId: customer.id, text: 'Rückruf am Montag' },
      }),
    );
    await resultOf(
      t.callEndpoint(ADMIN, setExpectedValueForVorgang, {
        body: {
          vorgangId: vorgang.id,
          version: vorgang.version,
          expectedValueCents: 500_000,
          expectedOrderDate: null,
        },
      }),
    );
    const beleg = (
      await sql<{ id: number }>`
        INSERT INTO beleg (beleg_number, vorgang_id, beleg_type, beleg_date, net_cents, gross_cents)
        VALUES ('AN-K-1', ${vorgang.id}, 'angebot', '2026-11-02', 100000, 120000) RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    await resultOf(
      t.callEndpoint(ADMIN, addNoteToBelegInteraction, {
        body: { belegId: beleg, text: 'Preis nachverhandelt' },
      }),
    );
    const position = (
      await sql<{ id: number; version: number }>`
        INSERT INTO beleg_position (beleg_id, pos_nr, description, quantity, unit_price_cents, total_cents)
        VALUES (${beleg}, 1, 'Fenster 120x140', 1, 100000, 100000) RETURNING id, version`.execute(t.db)
    ).rows[0]!;
    await resultOf(
      t.callEndpoint(ADMIN, addCustomDescriptionToPosNr, {
        body: {
          customerId: customer.id,
          positionId: position.id,
          version: position.version,
          customDescription: 'Mit Insektenschutz',
        },
      }),
    );
    vorgangId = vorgang.id;
  });
  afterAll(() => t.close());

  it('says whose note was created, and the customer of a changed Vorgang', async () => {
    const entries = await adminEntries();
    const note = entries.find((e) => e.area === 'notiz' && e.action === 'create')!;
    expect(note.recordContext).toBe(`Kunde ${customerName}`);
    const vorgang = entries.find((e) => e.area === 'vorgang')!;
    expect(vorgang.recordLabel).toBe('VK-000001');
    expect(vorgang.recordContext).toBe(`Kunde ${customerName}`);
    const belegNote = entries.find((e) => e.area === 'belegnotiz')!;
    expect(belegNote.recordContext).toBe(`Kunde ${customerName} · Vorgang VK-000001`);
  });

  it("shows a Beleg position's edit on its Vorgang's timeline, named by its customer and Vorgang", async () => {
    const { data: entries } = await resultOf(
      t.callEndpoint(ADMIN, getChangesForVorgang, { params: { id: vorgangId }, query: {} }),
    );
    const position = entries.find((e) => e.area === 'belegposition');
    expect(position?.changes).toContainEqual(
      expect.objectContaining({ label: 'Eigener Text', new: 'Mit Insektenschutz' }),
    );
    expect(position?.recordContext).toBe(`Kunde ${customerName} · Vorgang VK-000001`);
  });

  it('writes the same into the export', async () => {
    const response = await downloadFrom(t, ADMIN, exportChanges, { query: { area: 'notiz' } });
    expect(response.statusCode).toBe(200);
    const workbook = await workbookOf(response.rawPayload);
    const sheet = workbook.getWorksheet('Änderungsverlauf')!;
    expect(sheet.getRow(1).values).toContain('Gehört zu');
    expect(sheet.getRow(2).values).toContain(`Kunde ${customerName}`);
  });
});
