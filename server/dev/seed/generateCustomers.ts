import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import { STAMMDATEN } from './catalog';
import { generateVorgang, laterDay } from './generateVorgang';
import { MAIL_DOMAINS, MOBILE_PREFIXES } from './regions';
import type { SeedContext } from './seedContext';
import { ACTIVITY_TYPES } from '../../../src/resources/activities/activityTypes';
import { companyDayOf } from '../../../src/config/companyTime';
import { normalizePhone, phoneProblem } from '../../../src/resources/customers/phone.rules';

type Row = Record<string, unknown>;

export interface GeneratedChunk {
  customers: Row[];
  customerLabels: Row[];
  vorgaenge: Row[];
  vorgangLabels: Row[];
  belege: Row[];
  positions: Row[];
  activities: Row[];
  npsAnswers: Row[];
  notes: Row[];
}

// Activities store the type's code (anruf, termin …), as the form and the API do, not its display name.
const ACTIVITY_TYPE_CODES = ACTIVITY_TYPES.map((type) => type.id);
const ORIGINS = STAMMDATEN.herkunft!;

const day = (date: Date) => format(date, 'yyyy-MM-dd');
/** A name as ASCII for user names and mail addresses: umlauts transliterated (Bürger → buerger), not dropped. */
export const asciiMail = (text: string) =>
  text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '');

/**
 * A number the phone rule takes (valid in its country), in the shape it stores: drawn again until it is valid,
 * since area codes and mobile prefixes each have their own lengths (a German 0151 has eight digits after
 * it, a 0171 seven).
 */
function validNumber(country: 'AT' | 'DE', draw: () => string): string {
  for (let attempt = 0; attempt < 50; attempt++) {
    const typed = `${country === 'AT' ? '+43' : '+49'} ${draw()}`;
    if (phoneProblem(typed, country) === null) return normalizePhone(typed, country);
  }
  throw new Error(`Demodaten: keine gültige Telefonnummer für ${country} gefunden.`);
}

function phoneNumber(ctx: SeedContext, country: 'AT' | 'DE', area: string): string {
  return validNumber(
    country,
    () => `${area} ${ctx.faker.string.numeric({ length: { min: 5, max: 7 }, allowLeadingZeros: false })}`,
  );
}

function mobileNumber(ctx: SeedContext, country: 'AT' | 'DE'): string {
  const prefix = ctx.faker.helpers.arrayElement(MOBILE_PREFIXES[country]);
  return validNumber(
    country,
    () => `${prefix} ${ctx.faker.string.numeric({ length: { min: 7, max: 8 }, allowLeadingZeros: false })}`,
  );
}

/** Generates `count` customers with their Vorgänge, Belege, positions, activities, labels and NPS answers. */
export function generateCustomers(ctx: SeedContext, count: number): GeneratedChunk {
  const { faker } = ctx;
  const out: GeneratedChunk = {
    customers: [],
    customerLabels: [],
    vorgaenge: [],
    vorgangLabels: [],
    belege: [],
    positions: [],
    activities: [],
    npsAnswers: [],
    notes: [],
  };
  const customerLabels = ctx.labels.filter((l) => l.forCustomer);
  const vorgangLabels = ctx.labels.filter((l) => l.forVorgang && l.dueAfterDays !== null);

  for (let n = 0; n < count; n++) {
    const id = ctx.next.customer++;
    const branch = faker.helpers.weightedArrayElement(
      ctx.branches.map((b, i) => ({ value: b, weight: i < 2 ? 3 : 2 })),
    );
    const place = faker.helpers.arrayElement(branch.places);
    const country = branch.country;
    const sellersOfBranch = ctx.sellers.filter((s) => s.branchId === branch.id);
    const owner = faker.helpers.arrayElement(sellersOfBranch.length ? sellersOfBranch : ctx.sellers);
    const type = faker.helpers.weightedArrayElement([
      { value: 'privat', weight: 75 },
      { value: 'gewerbe', weight: 18 },
      { value: 'haendler', weight: 7 },
    ]);
    const sex = faker.helpers.arrayElement(['female', 'male'] as const);
    const firstName = faker.person.firstName(sex);
    const lastName = faker.person.lastName();
    const company =
      type === 'privat'
        ? null
        : type === 'haendler'
          ? `${faker.helpers.arrayElement(['Fensterbau', 'Bau', 'Holzbau', 'Baumarkt', 'Tischlerei'])} ${faker.person.lastName()} ${faker.helpers.arrayElement(['GmbH', 'KG', 'GmbH & Co KG', 'e.U.'])}`
          : faker.company.name();
    const salutation = company
      ? 'Firma'
      : faker.helpers.weightedArrayElement([
          { value: sex === 'female' ? 'Frau' : 'Herr', weight: 8 },
          { value: 'Familie', weight: 2 },
        ]);
    const createdAt = faker.date.between({ from: subDays(ctx.today, 1500), to: subDays(ctx.today, 1) });
    const hasMail = faker.datatype.boolean(0.85);
    const email = hasMail
      ? company
        ? `office@${asciiMail(company).slice(0, 18)}.${country === 'AT' ? 'at' : 'de'}`
        : `${asciiMail(firstName)}.${asciiMail(lastName)}${faker.datatype.boolean(0.3) ? faker.number.int({ min: 1, max: 99 }) : ''}@${faker.helpers.arrayElement(MAIL_DOMAINS[country])}`
      : null;
    out.customers.push({
      id,
      customer_number: `${country === 'AT' ? 'K' : 'R'}${String(100000 + id)}`,
      customer_type: type,
      salutation,
      title: !company && faker.datatype.boolean(0.08) ? faker.helpers.arrayElement(STAMMDATEN.titel!) : null,
      first_name: firstName,
      last_name: lastName,
      company_name: company,
      street: `${faker.location.street()} ${faker.location.buildingNumber()}`,
      zip: place.zip,
      city: place.city,
      country,
      phone: faker.datatype.boolean(0.7) ? phoneNumber(ctx, country, place.area) : null,
      mobile: faker.datatype.boolean(0.75) ? mobileNumber(ctx, country) : null,
      email,
      branch_id: branch.id,
      owner_user_id: owner.id,
      origin: faker.helpers.arrayElement(ORIGINS),
      newsletter_consent: faker.datatype.boolean(0.35),
      created_at: createdAt.toISOString(),
      updated_at: createdAt.toISOString(),
      updated_by: owner.name,
    });

    for (const label of faker.helpers.arrayElements(
      customerLabels,
      faker.helpers.weightedArrayElement([
        { value: 0, weight: 70 },
        { value: 1, weight: 22 },
        { value: 2, weight: 8 },
      ]),
    )) {
      out.customerLabels.push({
        customer_id: id,
        label_id: label.id,
        // Not before the customer existed.
        due_date:
          label.dueAfterDays === null
            ? null
            : laterDay(
                day(addDays(ctx.today, faker.number.int({ min: -10, max: 30 }))),
                companyDayOf(createdAt, ctx.zone),
              ),
        added_by: owner.name,
      });
    }

    let lastActivity = createdAt;
    const vorgangCount = faker.helpers.weightedArrayElement([
      { value: 1, weight: 35 },
      { value: 2, weight: 25 },
      { value: 3, weight: 18 },
      { value: 4, weight: 12 },
      { value: 5, weight: 10 },
    ]);
    for (let v = 0; v < vorgangCount; v++) {
      const started = generateVorgang(
        ctx,
        { customerId: id, createdAt, branch, owner, country },
        vorgangLabels,
        out,
      );
      if (started > lastActivity) lastActivity = started;
    }

    const activityCount = faker.number.int({ min: 1, max: 4 });
    for (let a = 0; a < activityCount; a++) {
      const when = faker.date.between({ from: createdAt, to: addDays(ctx.today, 20) });
      const future = when > ctx.today;
      const reason = faker.helpers.arrayElement(ctx.reasons);
      out.activities.push({
        customer_id: id,
        activity_type: faker.helpers.arrayElement(ACTIVITY_TYPE_CODES),
        reason_id: reason.id,
        activity_date: when.toISOString(),
        // Its company day, as the app shows activity_date (not the machine's day of the instant).
        due_date: future || faker.datatype.boolean(0.1) ? companyDayOf(when, ctx.zone) : null,
        done: !future && faker.datatype.boolean(0.9),
        note: faker.helpers.arrayElement([
          'Kunde wünscht Rückruf am Vormittag.',
          'Termin im Schauraum vereinbart.',
          'Angebot telefonisch besprochen, Preis passt grundsätzlich.',
          'Aufmaß vor Ort erledigt, Fotos im Akt.',
          'Interesse an Förderung für Fenstertausch.',
          null,
        ]),
        user_id: owner.id,
        updated_by: owner.name,
      });
      if (!future && when > lastActivity) lastActivity = when;
    }
    out.customers[out.customers.length - 1]!.last_activity_at = lastActivity.toISOString();

    if (faker.datatype.boolean(0.25)) {
      out.notes.push({
        customer_id: id,
        text: faker.helpers.arrayElement([
          'Hund im Garten – bitte vorher klingeln.',
          'Zufahrt nur über die Hofeinfahrt möglich.',
          'Bevorzugt Kontakt per E-Mail.',
          'Hat bereits 2019 Fenster bei uns gekauft.',
        ]),
        author_oid: `seed-${owner.id}`,
        author_name: owner.name,
      });
    }
  }
  return out;
}
