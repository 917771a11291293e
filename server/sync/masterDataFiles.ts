// The ERP's master data files: artikel and kunden, each row upserted by its ERP number.
import * as yup from 'yup';
import { asCountry, countryOf } from '../../src/resources/country.rules';
import { normalizePhone, phoneProblem } from '../../src/resources/customers/phone.rules';
import { postcodeProblem } from '../../src/resources/postcode.rules';
import { suppressedBecause } from '../privacy/suppressionListQueries';
import { lookup, SuppressedRow, type ImportFile } from './importFile';
import { euroCents, oneOfWords, requiredText, text, yesNo } from './importValues';
import { upsertRow } from './upsertRowQueries';

export const articles: ImportFile = {
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

/**
 * What a customer row is validated with (yup's context, `runSync`): the tenant's country and each branch's by its
 * lower-case code. A row without Land is in its Filiale's country, else the tenant's.
 */
export interface CustomerImportContext {
  homeCountry: string;
  branchCountries: ReadonlyMap<string, string>;
}

/** A phone column read and normalised as the form does: a national number in the row's Land. */
const phoneColumn = (label: string) =>
  text(40)
    .label(label)
    .when('land', ([land], schema) =>
      schema
        .transform((value: string | null) => (value ? normalizePhone(value, land as string) || null : value))
        .test('phone', (value, context) => {
          const problem = value ? phoneProblem(value, land as string) : null;
          return problem ? context.createError({ message: `${label}: ${problem}` }) : true;
        }),
    );

export const customers: ImportFile = {
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
      land: oneOfWords({ at: 'AT', de: 'DE', österreich: 'AT', deutschland: 'DE' }, ['AT', 'DE'])
        .label('Land')
        .when(['filiale', '$homeCountry', '$branchCountries'], ([filiale, home, branches], schema) => {
          const ofBranch = (branches as CustomerImportContext['branchCountries'] | undefined)?.get(
            String(filiale ?? '').toLowerCase(),
          );
          return schema.default(countryOf(asCountry(ofBranch), { homeCountry: home }));
        }),
      telefon: phoneColumn('Telefon'),
      mobil: phoneColumn('Mobil'),
      email: text(120).email().label('E-Mail'),
      filiale: text(10).label('Filiale'),
    })
    .test('name', 'Nachname oder Firma ist ein Pflichtfeld.', (row) => Boolean(row.nachname || row.firma))
    .test('plz', (row, context) => {
      const problem = row.plz ? postcodeProblem(row.land as string, row.plz as string) : null;
      return problem ? context.createError({ path: 'plz', message: `PLZ: ${problem}` }) : true;
    }),
  describe: (row) => `Kunde ${String(row.kundennummer)}`,
  apply: async (db, row, lookups, by) => {
    const erased = await suppressedBecause(db, {
      customerNumber: row.kundennummer as string,
      email: row.email as string | null,
      phones: [row.telefon as string | null, row.mobil as string | null],
      country: row.land as string,
    });
    if (erased) throw new SuppressedRow(erased);
    return upsertRow(
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
    );
  },
};
