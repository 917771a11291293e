import type { Faker } from '@faker-js/faker';
import type { Database } from '../../platform/db/database';
import type { TenantId } from '../../platform/config/tenants';
import strussnigUsers from '../devIdp/demo-users.json' with { type: 'json' };
import rekordUsers from '../devIdp/demo-users.rekord.json' with { type: 'json' };
import { asciiMail } from './generateCustomers';
import { BRANCHES } from './regions';
import { SEED_AUTHOR, type SeedContext } from './seedContext';

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

/** Inserts the tenant's branches and its people (the demo sign-in's users and ten more sellers). */
export async function seedBranchesAndPeople(
  db: Database,
  faker: Faker,
  tenant: TenantId,
): Promise<Pick<SeedContext, 'branches' | 'sellers'>> {
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
        updated_by: SEED_AUTHOR,
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
        updated_by: SEED_AUTHOR,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (p.sells) sellers.push({ id: row.id, branchId: p.branchId, name: p.name });
  }
  return { branches, sellers };
}
