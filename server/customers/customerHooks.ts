import { sql } from 'kysely';
import { GROUPS, hasAnyGroup } from '../../src/auth/groups';
import type { Caller } from '../platform/auth/caller';
import type { EntityHooks, Executor } from '../platform/entities/entityRepository';
import { forbidden } from '../platform/http/apiError';

/** Who may change the fields the ERP owns (Kundennummer); sellers see them read-only. */
export const mayEditErpFields = (caller: Caller) => hasAnyGroup(caller.groups, [GROUPS.admin]);

const blankToNull = (value: unknown) => (value === undefined || value === '' ? null : value);

/** Refuses a changed Kundennummer from a caller who may not change it (403); an unchanged one passes. */
export async function guardCustomerNumber(
  trx: Executor,
  id: number | null,
  value: unknown,
  caller: Caller,
): Promise<void> {
  if (value === undefined || mayEditErpFields(caller)) return;
  let stored: unknown = null;
  if (id !== null) {
    const { rows } = await sql<{ customerNumber: string | null }>`
      SELECT customer_number AS "customerNumber" FROM customer WHERE id = ${id}`.execute(trx);
    stored = rows[0]?.customerNumber ?? null;
  }
  if (blankToNull(value) !== stored) {
    throw forbidden(
      'Die Kundennummer kommt aus dem ERP und kann nur von der Administration geändert werden.',
    );
  }
}

/**
 * Saving a customer: the Kundennummer stays the ERP's, and a new customer the creator left without
 * Betreuer or Filiale gets the creator and the creator's branch, so it shows in their "Nur meine".
 */
export const customerHooks: EntityHooks = {
  async beforeWrite(trx, id, values, caller) {
    await guardCustomerNumber(trx, id, values.customerNumber, caller);
  },
  async afterCreate(trx, id, caller) {
    await sql`
      UPDATE customer c
      SET owner_user_id = coalesce(c.owner_user_id, u.id), branch_id = coalesce(c.branch_id, u.branch_id)
      FROM app_user u
      WHERE c.id = ${id} AND u.azure_oid = ${caller.oid}`.execute(trx);
  },
};
