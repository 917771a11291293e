import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';
import { asciiMail } from './generateCustomers';
import strussnigUsers from '../devIdp/demo-users.json' with { type: 'json' };
import rekordUsers from '../devIdp/demo-users.rekord.json' with { type: 'json' };
import {
  ARTICLES,
  CUSTOM_STATUSES,
  GOODS_GROUPS,
  LABELS,
  PRODUCT_GROUPS,
  REASONS,
  SALES_CURVE,
  STAMMDATEN,
  TEXT_TEMPLATES,
} from './catalog';
import { TENANTS, type TenantId } from '../../platform/config/tenants';
import { BRANCHES } from './regions';
import type { SeedContext } from './seedContext';
import type { Faker } from '@faker-js/faker';

const SYSTEM = 'Demo-Daten';

/**
 * A seller's business mobile in the tenant's country, as people write it (faker's own numbers are no valid
 * Austrian or German numbers). Its digits come from faker's draw, so the rest of the demo data stays the same.
 */
function sellerPhone(tenant: TenantId, drawn: string): string {
  const digits = drawn.replace(/\D/g, '').replace(/^0+/, '');
  return tenant === 'strussnig'
    ? `+43 664 ${`3${digits}`.slice(0, 7).padEnd(7, '0')}`
    : `+49 151 ${`3${digits}`.slice(0, 8).padEnd(8, '0')}`;
}

/** The tenant's company data as global settings (documents and mail sender read them). */
const companySettings = (tenant: TenantId) => {
  const c = TENANTS[tenant].company;
  return {
    company_name: c.name,
    company_street: c.street,
    company_zip: c.zip,
    company_city: c.city,
    company_country: c.country,
    company_phone: c.phone,
    company_email: c.email,
    company_website: c.website,
    company_vat_id: c.vatId,
    company_register: c.register,
    company_bank: c.bank,
    company_iban: c.iban,
    mail_sender_name: c.mailSenderName,
    mail_sender_address: c.mailSenderAddress,
  };
};

async function insertReturning<T>(db: Database, query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/** Inserts branches, users, labels, reasons, Stammdaten, statuses, products and settings; returns their ids. */
export async function seedMasterData(
  db: Database,
  faker: Faker,
  tenant: 'strussnig' | 'rekord',
): Promise<Omit<SeedContext, 'faker' | 'today' | 'now' | 'zone' | 'next'>> {
  const branchSeeds = BRANCHES[tenant];
  const branches: SeedContext['branches'] = [];
  for (const b of branchSeeds) {
    const [row] = await insertReturning<{ id: number }>(
      db,
      sql`INSERT INTO branch (name, code, street, zip, city, country, phone, email, region, location_group, updated_by)
          VALUES (${b.name}, ${b.code}, ${b.street}, ${b.zip}, ${b.city}, ${b.country}, ${b.phone},
                  ${`${b.code.toLowerCase()}@${tenant === 'strussnig' ? 'strussnig.at' : 'rekord-fenster.de'}`}, ${b.region}, ${b.locationGroup}, ${SYSTEM})
          RETURNING id`,
    );
    branches.push({ ...b, id: row!.id });
  }

  const sellers: SeedContext['sellers'] = [];
  const branchOfGroup = (groups: string[]) =>
    branches.find((b) => groups.includes(b.locationGroup))?.id ?? branches[0]!.id;
  // The demo users' file the development sign-in of this tenant reads (platform/config/authConfig.ts).
  const demoUsers = tenant === 'rekord' ? rekordUsers : strussnigUsers;
  const people = [
    ...demoUsers
      .filter((u) => u.describedInDemoData !== false)
      .map((u) => ({
        oid: u.oid,
        username: u.username,
        name: u.name,
        email: u.email,
        branchId: branchOfGroup(u.groups),
        sells: u.groups.includes('APP_KUNDE'),
      })),
    ...Array.from({ length: 10 }, (_, i) => {
      const first = faker.person.firstName();
      const last = faker.person.lastName();
      const username = `${asciiMail(first)}.${asciiMail(last)}`;
      return {
        oid: faker.string.uuid(),
        username,
        name: `${first} ${last}`,
        email: `${username}@${tenant === 'strussnig' ? 'strussnig.at' : 'rekord-fenster.de'}`,
        branchId: branches[i % branches.length]!.id,
        sells: true,
      };
    }),
  ];
  for (const p of people) {
    const initials = p.name
      .split(' ')
      .map((part) => part[0])
      .join('');
    const [row] = await insertReturning<{ id: number }>(
      db,
      sql`INSERT INTO app_user (azure_oid, username, name, email, initials, branch_id, phone, mail_signature, updated_by)
          VALUES (${p.oid}, ${p.username}, ${p.name}, ${p.email}, ${initials}, ${p.branchId},
                  ${sellerPhone(tenant, faker.phone.number())}, ${`Mit freundlichen Grüßen\n${p.name}`}, ${SYSTEM}) RETURNING id`,
    );
    if (p.sells) sellers.push({ id: row!.id, branchId: p.branchId, name: p.name });
  }

  const labels = [];
  for (const l of LABELS) {
    const [row] = await insertReturning<{ id: number }>(
      db,
      sql`INSERT INTO label (name, color, for_customer, for_vorgang, due_after_days, updated_by)
          VALUES (${l.name}, ${l.color}, ${l.forCustomer}, ${l.forVorgang}, ${l.dueAfterDays}, ${SYSTEM}) RETURNING id`,
    );
    labels.push({ ...l, id: row!.id });
  }

  const reasons = [];
  for (const [index, r] of REASONS.entries()) {
    const [row] = await insertReturning<{ id: number }>(
      db,
      sql`INSERT INTO reason_option (text, sort_order, updated_by) VALUES (${r.text}, ${(index + 1) * 10}, ${SYSTEM}) RETURNING id`,
    );
    for (const name of r.labels) {
      const label = labels.find((l) => l.name === name)!;
      await sql`INSERT INTO reason_option_label (reason_id, label_id) VALUES (${row!.id}, ${label.id})`.execute(
        db,
      );
    }
    reasons.push({ id: row!.id, text: r.text });
  }

  for (const [category, values] of Object.entries(STAMMDATEN)) {
    for (const [index, value] of values.entries()) {
      await sql`INSERT INTO stammdaten (category, value, sort_order, updated_by) VALUES (${category}, ${value}, ${(index + 1) * 10}, ${SYSTEM})`.execute(
        db,
      );
    }
  }

  const customStatuses: Record<string, number> = {};
  for (const [index, s] of CUSTOM_STATUSES.entries()) {
    const [row] = await insertReturning<{ id: number }>(
      db,
      sql`INSERT INTO custom_status (name, color, sort_order, win_probability, updated_by)
        VALUES (${s.name}, ${s.color}, ${(index + 1) * 10}, ${s.winProbability}, ${SYSTEM}) RETURNING id`,
    );
    customStatuses[s.name] = row!.id;
  }

  const productGroupIds: Record<string, number> = {};
  for (const [index, name] of PRODUCT_GROUPS.entries()) {
    const [row] = await insertReturning<{ id: number }>(
      db,
      sql`INSERT INTO product_group (name, sort_order, updated_by) VALUES (${name}, ${index * 10}, ${SYSTEM}) RETURNING id`,
    );
    productGroupIds[name] = row!.id;
  }
  const goodsGroupIds: Record<string, number> = {};
  for (const g of GOODS_GROUPS) {
    const [row] = await insertReturning<{ id: number }>(
      db,
      sql`INSERT INTO goods_group (code, name, updated_by) VALUES (${g.code}, ${g.name}, ${SYSTEM}) RETURNING id`,
    );
    goodsGroupIds[g.code] = row!.id;
  }
  const articles = [];
  for (const a of ARTICLES) {
    const [row] = await insertReturning<{ id: number }>(
      db,
      sql`INSERT INTO article (article_number, name, goods_group_id, unit, price_cents, cost_cents, updated_by)
          VALUES (${a.number}, ${a.name}, ${goodsGroupIds[a.goods]}, ${a.unit}, ${a.price}, ${a.cost}, ${SYSTEM}) RETURNING id`,
    );
    articles.push({
      id: row!.id,
      number: a.number,
      name: a.name,
      group: a.group,
      unit: a.unit,
      price: a.price,
      cost: a.cost,
      goodsGroupId: goodsGroupIds[a.goods]!,
    });
  }
  // One mapping per product group, matching its article number prefixes.
  for (const group of PRODUCT_GROUPS) {
    const prefixes = [
      ...new Set(ARTICLES.filter((a) => a.group === group).map((a) => a.number.split('-')[0])),
    ];
    const [row] = await insertReturning<{ id: number }>(
      db,
      sql`INSERT INTO article_mapping (name, product_group_id, updated_by) VALUES (${group}, ${productGroupIds[group]}, ${SYSTEM}) RETURNING id`,
    );
    const pattern = group === 'Montage & Service' ? '^(MO|DEMO|SERV)-' : `^(${prefixes.join('|')})-`;
    await sql`INSERT INTO article_mapping_alias (mapping_id, pattern, updated_by) VALUES (${row!.id}, ${pattern}, ${SYSTEM})`.execute(
      db,
    );
  }
  await sql`INSERT INTO article_alias (name, pattern, description, updated_by) VALUES
    ('Kunststofffenster IDEAL', '^KF-I(4000|8000)-', 'Alle IDEAL-Fenster', ${SYSTEM}),
    ('Haustüren THERMO', '^HT-THERMO', 'Aluminium-Haustüren', ${SYSTEM}),
    ('Insektenschutz', '^IS-', 'Alle Insektenschutz-Artikel', ${SYSTEM})`.execute(db);

  for (const [index, share] of SALES_CURVE.entries()) {
    await sql`INSERT INTO sales_curve_month (month, share_percent, updated_by) VALUES (${index + 1}, ${share}, ${SYSTEM})`.execute(
      db,
    );
  }
  const year = new Date().getFullYear();
  for (const seller of sellers) {
    for (const y of [year - 1, year]) {
      const target = faker.number.int({ min: 40, max: 120 }) * 10000_00;
      await sql`INSERT INTO sales_target (user_id, year, target_cents, updated_by) VALUES (${seller.id}, ${y}, ${target}, ${SYSTEM})`.execute(
        db,
      );
    }
  }
  for (const branch of branches) {
    await sql`INSERT INTO sales_target (branch_id, year, target_cents, updated_by) VALUES (${branch.id}, ${year}, ${faker.number.int({ min: 3, max: 8 }) * 1000000_00}, ${SYSTEM})`.execute(
      db,
    );
  }
  for (const t of TEXT_TEMPLATES) {
    await sql`INSERT INTO text_template (name, subject, body, purpose, updated_by) VALUES (${t.name}, ${t.subject}, ${t.body}, ${t.purpose}, ${SYSTEM})`.execute(
      db,
    );
  }
  const company = companySettings(tenant);
  await sql`INSERT INTO global_settings (${sql.join(Object.keys(company).map((k) => sql.ref(k)))}, updated_by)
            VALUES (${sql.join(Object.values(company).map((v) => sql`${v}`))}, ${SYSTEM})`.execute(db);

  return { tenant, branches, sellers, labels, reasons, customStatuses, articles };
}
