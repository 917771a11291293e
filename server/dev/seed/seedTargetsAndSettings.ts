import type { Faker } from '@faker-js/faker';
import type { Database } from '../../platform/db/database';
import { TENANTS, type TenantId } from '../../platform/config/tenants';
import { SALES_CURVE, TEXT_TEMPLATES } from './catalog';
import { SEED_AUTHOR, type SeedContext } from './seedContext';

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

/** Inserts the sales curve, the sellers' and branches' targets, the text templates and the company's settings. */
export async function seedTargetsAndSettings(
  db: Database,
  faker: Faker,
  tenant: TenantId,
  { branches, sellers }: Pick<SeedContext, 'branches' | 'sellers'>,
): Promise<void> {
  for (const [index, share] of SALES_CURVE.entries()) {
    await db
      .insertInto('sales_curve_month')
      .values({ month: index + 1, share_percent: share, updated_by: SEED_AUTHOR })
      .execute();
  }
  const year = new Date().getFullYear();
  for (const seller of sellers) {
    for (const y of [year - 1, year]) {
      const target = faker.number.int({ min: 40, max: 120 }) * 10000_00;
      await db
        .insertInto('sales_target')
        .values({ user_id: seller.id, year: y, target_cents: target, updated_by: SEED_AUTHOR })
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
        updated_by: SEED_AUTHOR,
      })
      .execute();
  }
  for (const t of TEXT_TEMPLATES) {
    await db
      .insertInto('text_template')
      .values({ name: t.name, subject: t.subject, body: t.body, purpose: t.purpose, updated_by: SEED_AUTHOR })
      .execute();
  }
  const company = companySettings(tenant);
  await db
    .insertInto('global_settings')
    .values({ ...company, updated_by: SEED_AUTHOR })
    .execute();
}
