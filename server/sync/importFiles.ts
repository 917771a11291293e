import { sql } from 'kysely';
import * as yup from 'yup';
import { postcodeProblem } from '../../src/resources/postcode.rules';
import type { Database } from '../platform/db/database';
import { decimal, euroCents, isoDay, oneOfWords, requiredText, text, yesNo } from './importValues';
import { upsertRow, type RowOutcome } from './upsertRow';
import { recordChange, SYNC_ACTOR, withChangeRecord, type Snapshot } from '../platform/changes/recordChange';
import { VORGANG_AREA, vorgangSnapshot, vorgangSubject } from '../vorgaenge/vorgangSnapshot';

/** Lookups a sync run loads once: small master tables by their ERP code (lower case). */
export interface SyncLookups {
  goodsGroups: Map<string, number>;
  branches: Map<string, number>;
}

/** A row the sync refuses, with the German reason the log shows. */
export class RejectedRow extends Error {}

export interface ImportFile {
  /** File name without extension: `<name>.csv` or `<name>.jsonl` in the import folder. */
  name: string;
  label: string;
  schema: yup.AnyObjectSchema;
  /** Writes one validated row; returns what it did and, for the log, the row's key. */
  apply: (
    db: Database,
    row: Record<string, unknown>,
    lookups: SyncLookups,
    by: string,
  ) => Promise<RowOutcome>;
  /** The row's key for log lines, e.g. "Kunde 10001". */
  describe: (row: Record<string, unknown>) => string;
}

const lookup = (map: Map<string, number>, code: unknown, what: string): number | null => {
  if (code === null || code === undefined) return null;
  const id = map.get(String(code).toLowerCase());
  if (id === undefined) throw new RejectedRow(`${what} „${String(code)}“ ist im CRM nicht angelegt.`);
  return id;
};

async function idOf(
  db: Database,
  query: ReturnType<typeof sql<{ id: number }>>,
): Promise<number | undefined> {
  return (await query.execute(db)).rows[0]?.id;
}

const articles: ImportFile = {
  name: 'artikel',
  label: 'Artikel',
  schema: yup.object({
    artikelnummer: requiredText(40).label('Artikelnummer'),
    bezeichnung: requiredText(200).label('Bezeichnung'),
    warengruppe: text(20).label('Warengruppe'),
    einheit: text(10).label('Einheit'),
    preis: euroCents().min(0).default(0).label('Preis'),
    einstandspreis: euroCents().min(0).default(0).label('Einstandspreis'),
    aktiv: yesNo(true).label('Aktiv'),
  }),
  describe: (row) => `Artikel ${String(row.artikelnummer)}`,
  apply: (db, row, lookups, by) =>
    upsertRow(
      db,
      'article',
      ['article_number'],
      {
        article_number: row.artikelnummer,
        name: row.bezeichnung,
        goods_group_id: lookup(lookups.goodsGroups, row.warengruppe, 'Die Warengruppe'),
        unit: row.einheit ?? 'Stk',
        price_cents: row.preis,
        cost_cents: row.einstandspreis,
        active: row.aktiv,
      },
      { by },
    ),
};

const CUSTOMER_TYPES = { privat: 'privat', gewerbe: 'gewerbe', händler: 'haendler', haendler: 'haendler' };

const customers: ImportFile = {
  name: 'kunden',
  label: 'Kunden',
  schema: yup
    .object({
      kundennummer: requiredText(20).label('Kundennummer'),
      kundentyp: oneOfWords(CUSTOMER_TYPES, ['Privat', 'Gewerbe', 'Händler'], 'privat').label('Kundentyp'),
      anrede: text(20).label('Anrede'),
      titel: text(40).label('Titel'),
      vorname: text(80).label('Vorname'),
      nachname: text(80).label('Nachname'),
      firma: text(120).label('Firma'),
      strasse: text(120).label('Straße'),
      plz: text(10).label('PLZ'),
      ort: text(80).label('Ort'),
      land: oneOfWords({ at: 'AT', de: 'DE', österreich: 'AT', deutschland: 'DE' }, ['AT', 'DE'], 'AT').label(
        'Land',
      ),
      telefon: text(40).label('Telefon'),
      mobil: text(40).label('Mobil'),
      email: text(120).email().label('E-Mail'),
      filiale: text(10).label('Filiale'),
    })
    .test('name', 'Nachname oder Firma ist ein Pflichtfeld.', (row) => Boolean(row.nachname || row.firma))
    .test('plz', (row, context) => {
      const problem = row.plz ? postcodeProblem(row.land as string, row.plz as string) : null;
      return problem ? context.createError({ path: 'plz', message: `PLZ: ${problem}` }) : true;
    }),
  describe: (row) => `Kunde ${String(row.kundennummer)}`,
  apply: (db, row, lookups, by) =>
    upsertRow(
      db,
      'customer',
      ['customer_number'],
      {
        customer_number: row.kundennummer,
        customer_type: row.kundentyp,
        salutation: row.anrede,
        title: row.titel,
        first_name: row.vorname,
        last_name: row.nachname,
        company_name: row.firma,
        street: row.strasse,
        zip: row.plz,
        city: row.ort,
        country: row.land,
        phone: row.telefon,
        mobile: row.mobil,
        email: row.email,
        branch_id: lookup(lookups.branches, row.filiale, 'Die Filiale'),
      },
      { by },
    ),
};

const BELEG_TYPES = {
  angebot: 'angebot',
  auftragsbestätigung: 'auftragsbestaetigung',
  auftragsbestaetigung: 'auftragsbestaetigung',
  ab: 'auftragsbestaetigung',
  rechnung: 'rechnung',
  gutschrift: 'gutschrift',
};

async function vorgangFor(db: Database, row: Record<string, unknown>, by: string): Promise<number> {
  const customer = await idOf(
    db,
    sql<{ id: number }>`SELECT id FROM customer WHERE customer_number = ${row.kundennummer}`,
  );
  if (customer === undefined) {
    throw new RejectedRow(`Den Kunden ${String(row.kundennummer)} gibt es nicht (er gehört in kunden.csv).`);
  }
  const existing = await sql<{ id: number; customerId: number }>`
    SELECT id, customer_id AS "customerId" FROM vorgang WHERE vorgang_number = ${row.vorgangsnummer}`.execute(
    db,
  );
  const vorgang = existing.rows[0];
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
  const created = await sql<{ id: number }>`
    INSERT INTO vorgang (vorgang_number, customer_id, title, branch_id, updated_by)
    SELECT ${row.vorgangsnummer}, c.id, ${(row.bezeichnung as string | null) ?? `Vorgang ${String(row.vorgangsnummer)}`}, c.branch_id, ${by}
    FROM customer c WHERE c.id = ${customer}
    RETURNING id`.execute(db);
  const id = created.rows[0]!.id;
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

const belege: ImportFile = {
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
      db,
      sql<{ id: number }>`SELECT vorgang_id AS id FROM beleg WHERE beleg_number = ${row.belegnummer}`,
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

/**
 * What a Vorgang takes from its Belege, as the Änderungsverlauf compares it: the system status and the
 * Summe netto (stored as they are, so the list, the board's column sums and the dashboard read them directly).
 */
const derivedFromBelege = (vorgang: number) => async (trx: Database) => {
  const { rows } = await sql<Snapshot>`
    SELECT system_status AS "systemStatus", net_total_cents::float8 AS "netTotalCents"
    FROM vorgang WHERE id = ${vorgang}`.execute(trx);
  return rows[0] ?? null;
};

/**
 * A Vorgang follows its Belege. Its system status is the furthest Beleg (Rechnung > Auftrag > Angebot);
 * Verloren stays. Its Summe netto is the current Beleg's net amount: the latest Auftragsbestätigung (what was
 * ordered), before any the latest Angebot, and only without either the latest Rechnung (a Vorgang the ERP
 * bills directly); Rechnungen may be partial and Gutschriften are corrections, so neither replaces the order.
 * A Vorgang the ERP left with no Beleg (its Belege moved to another) is an Anfrage again with no Summe netto,
 * as one created in the app before the ERP knows it; the seller's estimate is its own column and stays.
 * Both change in the Beleg's transaction and are recorded as the data sync's.
 */
async function deriveFromBelege(db: Database, vorgang: number, by: string) {
  const status = sql`CASE WHEN v.system_status = 'verloren' THEN v.system_status ELSE s.status END`;
  const total = sql`coalesce(s.net, CASE WHEN s.belege = 0 THEN 0 ELSE v.net_total_cents END)`;
  await withChangeRecord(
    db,
    { ...vorgangSubject(vorgang), actor: SYNC_ACTOR, read: derivedFromBelege(vorgang) },
    () =>
      sql`
    UPDATE vorgang v
    SET system_status = ${status}, net_total_cents = ${total},
        version = v.version + 1, updated_at = now(), updated_by = ${by}
    FROM (
      SELECT CASE WHEN bool_or(beleg_type = 'rechnung') THEN 'rechnung'
                  WHEN bool_or(beleg_type = 'auftragsbestaetigung') THEN 'auftrag'
                  WHEN count(*) = 0 THEN 'anfrage'
                  ELSE 'angebot' END AS status,
             count(*) AS belege,
             (SELECT b.net_cents FROM beleg b
              WHERE b.vorgang_id = ${vorgang} AND b.beleg_type IN ('auftragsbestaetigung', 'angebot', 'rechnung')
              ORDER BY CASE b.beleg_type WHEN 'auftragsbestaetigung' THEN 0 WHEN 'angebot' THEN 1 ELSE 2 END,
                       b.beleg_date DESC, b.id DESC
              LIMIT 1) AS net
      FROM beleg WHERE vorgang_id = ${vorgang}
    ) s
    WHERE v.id = ${vorgang}
      AND ROW(${status}, ${total}) IS DISTINCT FROM ROW(v.system_status, v.net_total_cents)`.execute(db),
  );
}

const positions: ImportFile = {
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
    const beleg = await idOf(
      db,
      sql<{ id: number }>`SELECT id FROM beleg WHERE beleg_number = ${row.belegnummer}`,
    );
    if (beleg === undefined) {
      throw new RejectedRow(`Den Beleg ${String(row.belegnummer)} gibt es nicht (er gehört in belege.csv).`);
    }
    // An article number the CRM does not know stays as text: Belege may carry one-off items.
    const article = row.artikelnummer
      ? await idOf(
          db,
          sql<{ id: number }>`SELECT id FROM article WHERE article_number = ${row.artikelnummer}`,
        )
      : undefined;
    const quantity = row.menge as number;
    return upsertRow(
      db,
      'beleg_position',
      ['beleg_id', 'pos_nr'],
      {
        beleg_id: beleg,
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
    );
  },
};

/** The import files in the order they are read: what a row refers to is read before the row. */
export const IMPORT_FILES: readonly ImportFile[] = [articles, customers, belege, positions];
