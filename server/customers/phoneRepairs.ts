import type { TenantKey } from '../../src/config/companyTime';
import { asCountry, TENANT_COUNTRY } from '../../src/resources/country.rules';
import { phoneRepair, type PhoneRepair } from '../../src/resources/customers/phoneRepair.rules';
import { withChangeRecord, type ChangeActor } from '../platform/changes/recordChange';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import { customerSubject } from './customerSnapshot';

/** One stored phone number that is not as the phone rule would store it, and what to do with it. */
export interface PhoneFinding {
  table: 'customer' | 'end_customer';
  id: number;
  field: 'phone' | 'mobile';
  name: string;
  land: string;
  stored: string;
  repair: Exclude<PhoneRepair, { kind: 'ok' }>;
}

const BATCH = 1000;
/** Who the Änderungsverlauf names for a repaired number. */
export const REPAIR_ACTOR: ChangeActor = { oid: null, name: 'Reparatur Telefonnummern' };

/**
 * Every customer's and Endkunde's phone number the phone rule would not store as it is (read in batches of a
 * thousand rows, never a whole table at once): each with its repair (phoneRepair.rules.ts). A customer's home
 * country is its branch's, else the tenant's; an Endkunde's the tenant's.
 */
export async function findPhoneRepairs(db: Database, tenant: TenantKey): Promise<PhoneFinding[]> {
  const tenantCountry = TENANT_COUNTRY[tenant];
  const found: PhoneFinding[] = [];
  const check = (row: Omit<PhoneFinding, 'repair'>, home: string | null) => {
    const repair = phoneRepair(row.stored, row.land, asCountry(home) ?? tenantCountry);
    if (repair.kind !== 'ok') found.push({ ...row, repair });
  };
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('customer')
      .leftJoin('branch', 'branch.id', 'customer.branch_id')
      .select([
        'customer.id',
        'customer.display_name',
        'customer.country',
        'customer.phone',
        'customer.mobile',
        'branch.country as home',
      ])
      .where('customer.id', '>', after)
      .where((w) => w.or([w('customer.phone', 'is not', null), w('customer.mobile', 'is not', null)]))
      .orderBy('customer.id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      for (const field of ['phone', 'mobile'] as const) {
        const stored = row[field];
        if (!stored) continue;
        const name = row.display_name ?? `Kunde ${row.id}`;
        check({ table: 'customer', id: row.id, field, name, land: row.country, stored }, row.home);
      }
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('end_customer')
      .select(['id', 'name', 'country', 'phone'])
      .where('id', '>', after)
      .where('phone', 'is not', null)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const finding = { table: 'end_customer', id: row.id, field: 'phone', name: row.name } as const;
      check({ ...finding, land: row.country, stored: row.phone! }, null);
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  return found;
}

/**
 * Stores the repairs that need no person's decision (`normalise`, `reread`), each in its own transaction and
 * only while the number is still as found; a customer's change goes into its Änderungsverlauf. Returns how
 * many numbers were changed.
 */
export async function applyPhoneRepairs(db: Database, findings: readonly PhoneFinding[]): Promise<number> {
  let changed = 0;
  for (const finding of findings) {
    if (finding.repair.kind !== 'normalise' && finding.repair.kind !== 'reread') continue;
    const value = finding.repair.value;
    const done = await inTransaction(db, async (trx) => {
      if (finding.table === 'end_customer') {
        const result = await trx
          .updateTable('end_customer')
          .set((eb) => ({ phone: value, version: eb('version', '+', 1), updated_by: REPAIR_ACTOR.name }))
          .where('id', '=', finding.id)
          .where('phone', '=', finding.stored)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      }
      return withChangeRecord(trx, { ...customerSubject(finding.id), actor: REPAIR_ACTOR }, async () => {
        const result = await trx
          .updateTable('customer')
          .set((eb) => ({
            [finding.field]: value,
            version: eb('version', '+', 1),
            updated_at: new Date(),
            updated_by: REPAIR_ACTOR.name,
          }))
          .where('id', '=', finding.id)
          .where(finding.field, '=', finding.stored)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      });
    });
    if (done) changed++;
  }
  return changed;
}
