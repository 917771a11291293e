// The ERP's Belege and their positions: a Beleg finds (or creates) its Vorgang, which then follows its Belege.
import * as yup from 'yup';
import { recordChange, SYNC_ACTOR } from '../platform/changes/recordChange';
import type { Database } from '../platform/db/database';
import { VORGANG_AREA, vorgangSnapshot } from '../vorgaenge/vorgangSnapshotQueries';
import { isSuppressedCustomer } from '../privacy/suppressionListQueries';
import { idOf, lookup, RejectedRow, SuppressedRow, type ImportFile } from './importFile';
import { decimal, euroCents, isoDay, oneOfWords, requiredText, text } from './importValues';
import { belegOfPosition, insertSyncedVorgang } from './syncQueries';
import { upsertRow } from './upsertRowQueries';
import { deriveFromBelege } from './vorgangFromBelegQueries';

const BELEG_TYPES = {
  angebot: 'angebot',
  auftragsbestätigung: 'auftragsbestaetigung',
  auftragsbestaetigung: 'auftragsbestaetigung',
  ab: 'auftragsbestaetigung',
  rechnung: 'rechnung',
  gutschrift: 'gutschrift',
};

const ERASED_CUSTOMER = 'Kunde steht auf der Löschliste';

async function vorgangFor(db: Database, row: Record<string, unknown>, by: string): Promise<number> {
  const customer = await idOf(
    db
      .selectFrom('customer')
      .select('id')
      .where('customer_number', '=', row.kundennummer as string),
  );
  if (customer === undefined) {
    throw new RejectedRow(`Den Kunden ${String(row.kundennummer)} gibt es nicht (er gehört in kunden.csv).`);
  }
  // The erased person's Belege stay as they were kept; new ones (and their Vorgang's title) are not taken.
  if (await isSuppressedCustomer(db, customer)) throw new SuppressedRow(ERASED_CUSTOMER);
  const vorgang = await db
    .selectFrom('vorgang')
    .select(['id', 'customer_id as customerId'])
    .where('vorgang_number', '=', row.vorgangsnummer as string)
    .executeTakeFirst();
  if (vorgang && vorgang.customerId !== customer) {
    throw new RejectedRow(`Der Vorgang ${String(row.vorgangsnummer)} gehört im CRM zu einem anderen Kunden.`);
  }
  if (vorgang) return vorgang.id;
  // "CRM-…" numbers are given only by the CRM (vorgang/saveNewVorgang): an unknown one is a typo in the ERP,
  // and creating it here would later collide with the CRM's own numbering.
  if (/^CRM-/i.test(String(row.vorgangsnummer))) {
    throw new RejectedRow(
      `Den Vorgang ${String(row.vorgangsnummer)} gibt es im CRM nicht; Nummern „CRM-…“ vergibt nur das CRM.`,
    );
  }
  const id = await insertSyncedVorgang(db, customer, {
    number: row.vorgangsnummer as string,
    title: (row.bezeichnung as string | null) ?? `Vorgang ${String(row.vorgangsnummer)}`,
    by,
  });
  await recordChange(db, {
    actor: SYNC_ACTOR,
    area: VORGANG_AREA,
    recordId: id,
    vorgangId: id,
    before: null,
    after: await vorgangSnapshot(db, id),
  });
  return id;
}

export const belege: ImportFile = {
  name: 'belege',
  label: 'Belege',
  schema: yup.object({
    belegnummer: requiredText(30).label('Belegnummer'),
    belegart: oneOfWords(BELEG_TYPES, ['Angebot', 'Auftragsbestätigung', 'Rechnung', 'Gutschrift'])
      .required()
      .label('Belegart'),
    datum: isoDay().required().label('Datum'),
    vorgangsnummer: requiredText(30).label('Vorgangsnummer'),
    kundennummer: requiredText(20).label('Kundennummer'),
    bezeichnung: text(200).label('Bezeichnung'),
    netto: euroCents().required().label('Netto'),
    brutto: euroCents().required().label('Brutto'),
    status: text(30).label('Status'),
  }),
  describe: (row) => `Beleg ${String(row.belegnummer)}`,
  apply: async (db, row, _lookups, by) => {
    const vorgang = await vorgangFor(db, row, by);
    // A Beleg the ERP moved to another Vorgang leaves one behind whose status and total it no longer makes.
    const left = await idOf(
      db
        .selectFrom('beleg')
        .select('vorgang_id as id')
        .where('beleg_number', '=', row.belegnummer as string),
    );
    const outcome = await upsertRow(
      db,
      'beleg',
      ['beleg_number'],
      {
        beleg_number: row.belegnummer,
        vorgang_id: vorgang,
        beleg_type: row.belegart,
        beleg_date: row.datum,
        net_cents: row.netto,
        gross_cents: row.brutto,
        status: row.status ?? 'offen',
      },
      { by },
    );
    if (outcome !== 'unchanged') await deriveFromBelege(db, vorgang, by);
    if (outcome === 'updated' && left !== undefined && left !== vorgang) await deriveFromBelege(db, left, by);
    return outcome;
  },
};

export const positions: ImportFile = {
  name: 'positionen',
  label: 'Positionen',
  schema: yup.object({
    belegnummer: requiredText(30).label('Belegnummer'),
    posnr: yup.number().integer().min(1).max(99999).required().label('PosNr'),
    artikelnummer: text(40).label('Artikelnummer'),
    bezeichnung: requiredText(500).label('Bezeichnung'),
    menge: decimal().default(1).label('Menge'),
    einheit: text(10).label('Einheit'),
    einzelpreis: euroCents().required().label('Einzelpreis'),
    gesamtpreis: euroCents().label('Gesamtpreis'),
    warengruppe: text(20).label('Warengruppe'),
  }),
  describe: (row) => `Position ${String(row.belegnummer)}/${String(row.posnr)}`,
  apply: async (db, row, lookups) => {
    const beleg = await belegOfPosition(db, row.belegnummer as string);
    if (beleg === undefined) {
      throw new RejectedRow(`Den Beleg ${String(row.belegnummer)} gibt es nicht (er gehört in belege.csv).`);
    }
    if (beleg.erased) throw new SuppressedRow(ERASED_CUSTOMER);
    // An article number the CRM does not know stays as text: Belege may carry one-off items.
    const article = row.artikelnummer
      ? await idOf(
          db
            .selectFrom('article')
            .select('id')
            .where('article_number', '=', row.artikelnummer as string),
        )
      : undefined;
    const quantity = row.menge as number;
    return upsertRow(
      db,
      'beleg_position',
      ['beleg_id', 'pos_nr'],
      {
        beleg_id: beleg.id,
        pos_nr: row.posnr,
        article_number: row.artikelnummer,
        article_id: article ?? null,
        description: row.bezeichnung,
        quantity,
        unit: row.einheit ?? 'Stk',
        unit_price_cents: row.einzelpreis,
        total_cents:
          (row.gesamtpreis as number | undefined) ?? Math.round(quantity * (row.einzelpreis as number)),
        goods_group_id: lookup(lookups.goodsGroups, row.warengruppe, 'Die Warengruppe'),
      },
      null,
      { customerId: beleg.customerId, vorgangId: beleg.vorgangId },
    );
  },
};
