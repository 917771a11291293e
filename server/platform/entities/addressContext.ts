import type { TenantKey } from '../../../src/config/companyTime';
import { asCountry, TENANT_COUNTRY, type AddressContext } from '../../../src/resources/country.rules';
import type { FormDeclaration } from '../../../src/resources/entity';
import type { Caller } from '../auth/caller';
import type { Database } from '../db/database';

/** Whether a form's rules read the home country (a Land field, and with it PLZ and phone numbers). */
export const needsAddressContext = (form: FormDeclaration) => form.fields.some((f) => f.source === 'country');

const positiveId = (value: unknown) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The home country an address without its own Land is in (yup's context for the shared rules): the country of
 * `branchId` (the record's Filiale), else of the caller's own branch, else the tenant's. So a new Rekord
 * customer is German, and a branch abroad gets its own country's rules.
 */
export async function addressContext(
  db: Database,
  tenant: TenantKey,
  caller: Caller,
  branchId?: unknown,
): Promise<AddressContext> {
  const id = positiveId(branchId);
  const ofRecord = id
    ? await db.selectFrom('branch').select('country').where('id', '=', id).executeTakeFirst()
    : undefined;
  const ofCaller = ofRecord
    ? undefined
    : await db
        .selectFrom('app_user')
        .innerJoin('branch', 'branch.id', 'app_user.branch_id')
        .select('branch.country')
        .where('app_user.azure_oid', '=', caller.oid)
        .executeTakeFirst();
  return {
    homeCountry: asCountry(ofRecord?.country) ?? asCountry(ofCaller?.country) ?? TENANT_COUNTRY[tenant],
  };
}
