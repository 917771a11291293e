import { sql } from 'kysely';
import type { Database } from '../../../server/platform/db/database';

/** A position of the fixture as the test expects to see it. */
export interface FixturePosition {
  posNr: number;
  description: string;
  customDescription: string | null;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

const WORDS = ['Kunststofffenster', 'Haustür', 'Rollladen', 'Fensterbank', 'Insektenschutz', 'Raffstore'];

/**
 * A customer with an Endkunde, a Vorgang and an Angebot of `count` positions: umlauts in every text,
 * own texts on some, one position at 0 €, one discount; net and gross match the positions (20 % USt.).
 */
export async function createOfferFixture(db: Database, suffix: string, count = 40) {
  const { rows: customers } = await sql<{ id: number }>`
    INSERT INTO customer (customer_number, salutation, first_name, last_name, street, zip, city, country)
    VALUES (${`K-${suffix}`}, 'Frau', 'Jürgen-Özil', ${`Größmann ${suffix}`}, 'Hauptstraße 12', '9020',
            'Klagenfurt am Wörthersee', 'AT') RETURNING id`.execute(db);
  const customerId = customers[0]!.id;
  const { rows: ends } = await sql<{ id: number }>`
    INSERT INTO end_customer (name, street, zip, city) VALUES ('Bauherr Müßig', 'Seeweg 3', '9220', 'Velden')
    RETURNING id`.execute(db);
  const { rows: users } = await sql<{ id: number }>`
    INSERT INTO app_user (azure_oid, name, email, phone) VALUES (${`oid-seller-${suffix}`}, 'Vera Väth',
      'vera.vaeth@strussnig.at', '+43 463 31 20 77') RETURNING id`.execute(db);
  const { rows: vorgaenge } = await sql<{ id: number }>`
    INSERT INTO vorgang (vorgang_number, customer_id, end_customer_id, title, seller_user_id, system_status)
    VALUES (${`V-${suffix}`}, ${customerId}, ${ends[0]!.id}, 'Fenstertausch Einfamilienhaus Süd',
            ${users[0]!.id}, 'angebot') RETURNING id`.execute(db);
  const positions: FixturePosition[] = [];
  for (let posNr = 1; posNr <= count; posNr++) {
    const zero = posNr === 7;
    const discount = posNr === count;
    const quantity = posNr % 3 === 0 ? 2.5 : (posNr % 5) + 1;
    const unitPriceCents = zero ? 0 : discount ? -25_000 : 12_345 * posNr + 99;
    positions.push({
      posNr,
      description: discount
        ? 'Nachlass Aktion Frühjahr'
        : `${WORDS[posNr % WORDS.length]} Größe ${posNr} – weiß/grün Ä`,
      customDescription:
        posNr % 10 === 4 ? `Eigener Text für Position ${posNr}: Schließzylinder „Süd“` : null,
      quantity: discount ? 1 : quantity,
      unitPriceCents,
      totalCents: Math.round(unitPriceCents * (discount ? 1 : quantity)),
    });
  }
  const net = positions.reduce((sum, p) => sum + p.totalCents, 0);
  const { rows: belege } = await sql<{ id: number }>`
    INSERT INTO beleg (vorgang_id, beleg_number, beleg_type, beleg_date, net_cents, gross_cents)
    VALUES (${vorgaenge[0]!.id}, ${`AN-${suffix}`}, 'angebot', '2026-11-20', ${net},
            ${net + Math.round(net * 0.2)}) RETURNING id`.execute(db);
  const belegId = belege[0]!.id;
  for (const p of positions) {
    await sql`
      INSERT INTO beleg_position (beleg_id, pos_nr, article_number, description, custom_description, quantity,
                                  unit, unit_price_cents, total_cents)
      VALUES (${belegId}, ${p.posNr}, ${`ART-${p.posNr}`}, ${p.description}, ${p.customDescription},
              ${p.quantity}, 'Stk', ${p.unitPriceCents}, ${p.totalCents})`.execute(db);
  }
  return { customerId, vorgangId: vorgaenge[0]!.id, belegId, positions, netCents: net };
}
