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

/** Inserts branches, users, labels, reasons, Stammdaten, statuses, products and settings; returns their ids. */
export async function seedMasterData(
  db: Database,
  faker: Faker,
  tenant: 'strussnig' | 'rekord',
): Promise<Omit<SeedContext, 'faker' | 'today' | 'now' | 'zone' | 'next'>> {
  const branchSeeds = BRANCHES[tenant];
  const branches: SeedContext['branches'] = [];
  for (const b of branchSeeds) {
    const row = await db
      .insertInto('branch')
      .values({
        name: b.name,
        code: b.code,
        street: b.street,
        zip: b.zip,
        city: b.city,
        country: b.country,
        phone: b.phone,
        email: `${b.code.toLowerCase()}@${tenant === 'strussnig' ? 'strussnig.at' : 'rekord-fenster.de'}`,
        region: b.region,
        location_group: b.locationGroup,
        updated_by: SYSTEM,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    branches.push({ ...b, id: row.id });
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
    const row = await db
      .insertInto('app_user')
      .values({
        azure_oid: p.oid,
        username: p.username,
        name: p.name,
        email: p.email,
        initials,
        branch_id: p.branchId,
        phone: sellerPhone(tenant, faker.phone.number()),
        mail_signature: `Mit freundlichen Grüßen\n${p.name}`,
        updated_by: SYSTEM,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (p.sells) sellers.push({ id: row.id, branchId: p.branchId, name: p.name });
  }

  const labels = [];
  for (const l of LABELS) {
    const row = await db
      .insertInto('label')
      .values({
        name: l.name,
        color: l.color,
        for_customer: l.forCustomer,
        for_vorgang: l.forVorgang,
        due_after_days: l.dueAfterDays,
        updated_by: SYSTEM,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    labels.push({ ...l, id: row.id });
  }

  const reasons = [];
  for (const [index, r] of REASONS.entries()) {
    const row = await db
      .insertInto('reason_option')
      .values({ text: r.text, sort_order: (index + 1) * 10, updated_by: SYSTEM })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const name of r.labels) {
      const label = labels.find((l) => l.name === name)!;
      await db.insertInto('reason_option_label').values({ reason_id: row.id, label_id: label.id }).execute();
    }
    reasons.push({ id: row.id, text: r.text });
  }

  for (const [category, values] of Object.entries(STAMMDATEN)) {
    for (const [index, value] of values.entries()) {
      await db
        .insertInto('stammdaten')
        .values({ category, value, sort_order: (index + 1) * 10, updated_by: SYSTEM })
        .execute();
    }
  }

  const customStatuses: Record<string, number> = {};
  for (const [index, s] of CUSTOM_STATUSES.entries()) {
    const row = await db
      .insertInto('custom_status')
      .values({
        name: s.name,
        color: s.color,
        sort_order: (index + 1) * 10,
        win_probability: s.winProbability,
        stagnant_after_days: s.stagnantAfterDays,
        updated_by: SYSTEM,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    customStatuses[s.name] = row.id;
  }

  const productGroupIds: Record<string, number> = {};
  for (const [index, name] of PRODUCT_GROUPS.entries()) {
    const row = await db
      .insertInto('product_group')
      .values({ name, sort_order: index * 10, updated_by: SYSTEM })
      .returning('id')
      .executeTakeFirstOrThrow();
    productGroupIds[name] = row.id;
  }
  const goodsGroupIds: Record<string, number> = {};
  for (const g of GOODS_GROUPS) {
    const row = await db
      .insertInto('goods_group')
      .values({ code: g.code, name: g.name, updated_by: SYSTEM })
      .returning('id')
      .executeTakeFirstOrThrow();
    goodsGroupIds[g.code] = row.id;
  }
  const articles = [];
  for (const a of ARTICLES) {
    const row = await db
      .insertInto('article')
      .values({
        article_number: a.number,
        name: a.name,
        goods_group_id: goodsGroupIds[a.goods],
        unit: a.unit,
        price_cents: a.price,
        cost_cents: a.cost,
        updated_by: SYSTEM,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    articles.push({
      id: row.id,
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
    const row = await db
      .insertInto('article_mapping')
      .values({ name: group, product_group_id: productGroupIds[group]!, updated_by: SYSTEM })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pattern = group === 'Montage & Service' ? '^(MO|DEMO|SERV)-' : `^(${prefixes.join('|')})-`;
    await db
      .insertInto('article_mapping_alias')
      .values({ mapping_id: row.id, pattern, updated_by: SYSTEM })
      .execute();
  }
  await db
    .insertInto('article_alias')
    .values([
      {
        name: 'Kunststofffenster IDEAL',
        pattern: '^KF-I(4000|8000)-',
        description: 'Alle IDEAL-Fenster',
        updated_by: SYSTEM,
      },
      {
        name: 'Haustüren THERMO',
        pattern: '^HT-THERMO',
        description: 'Aluminium-Haustüren',
        updated_by: SYSTEM,
      },
      {
        name: 'Insektenschutz',
        pattern: '^IS-',
        description: 'Alle Insektenschutz-Artikel',
        updated_by: SYSTEM,
      },
    ])
    .execute();

  for (const [index, share] of SALES_CURVE.entries()) {
    await db
      .insertInto('sales_curve_month')
      .values({ month: index + 1, share_percent: share, updated_by: SYSTEM })
      .execute();
  }
  const year = new Date().getFullYear();
  for (const seller of sellers) {
    for (const y of [year - 1, year]) {
      const target = faker.number.int({ min: 40, max: 120 }) * 10000_00;
      await db
        .insertInto('sales_target')
        .values({ user_id: seller.id, year: y, target_cents: target, updated_by: SYSTEM })
        .execute();
    }
  }
  for (const branch of branches) {
    await db
      .insertInto('sales_target')
      .values({
        branch_id: branch.id,
        year,
        target_cents: faker.number.int({ min: 3, max: 8 }) * 1000000_00,
        updated_by: SYSTEM,
      })
      .execute();
  }
  for (const t of TEXT_TEMPLATES) {
    await db
      .insertInto('text_template')
      .values({ name: t.name, subject: t.subject, body: t.body, purpose: t.purpose, updated_by: SYSTEM })
      .execute();
  }
  const company = companySettings(tenant);
  await db
    .insertInto('global_settings')
    .values({ ...company, updated_by: SYSTEM })
    .execute();

  return { tenant, branches, sellers, labels, reasons, customStatuses, articles };
}
