import type { Database } from '../platform/db/database';
import type { Caller } from '../platform/auth/caller';
import { recordChange } from '../platform/changes/recordChange';
import { VORGANG_AREA, vorgangSnapshot } from './vorgangSnapshotQueries';
import { inTransaction } from '../platform/db/inTransaction';
import { badRequest } from '../platform/http/apiError';
import { NO_SELLER } from '../platform/auth/customerAccess';
import { insertVorgang, referencesFound } from './vorgangQueries';

/** The new-Vorgang form's values after its yup rules (newVorgang.form.ts). */
export interface NewVorgangValues {
  customerId: number;
  title: string;
  origin: string | null;
  sellerUserId: number;
  branchId: number;
  expectedOrderDate: string | null;
}

// What the rules cannot know: the referenced rows must exist (and be offered), each named at its field; the
// Verkäufer must be one the directory gives customer access (`mayBeSeller`, platform/auth/customerAccess.ts).
async function referenceProblems(
  db: Database,
  values: NewVorgangValues,
  mayBeSeller: (userId: number) => Promise<boolean>,
) {
  const found = await referencesFound(db, values);
  const errors: Record<string, string> = {};
  if (!found.customer) errors.customerId = 'Kunde: Diesen Kunden gibt es nicht.';
  if (!found.seller) errors.sellerUserId = 'Verkäufer: Diesen aktiven Benutzer gibt es nicht.';
  else if (!(await mayBeSeller(values.sellerUserId))) errors.sellerUserId = NO_SELLER;
  if (!found.branch) errors.branchId = 'Filiale: Diese Filiale gibt es nicht.';
  if (!found.origin) errors.origin = 'Herkunft: Bitte wählen Sie einen Wert aus der Liste.';
  return errors;
}

/**
 * Creates a Vorgang in status Anfrage with the next number "CRM-000001" …: the ERP's numbers never start
 * with "CRM-", and when the ERP takes this number over, the data sync attaches its Belege to this Vorgang
 * (docs/import-format.md). Vorgang and its first status entry are written together or not at all.
 */
export async function createVorgang(
  db: Database,
  values: NewVorgangValues,
  caller: Caller,
  mayBeSeller: (userId: number) => Promise<boolean>,
) {
  const errors = await referenceProblems(db, values, mayBeSeller);
  if (Object.keys(errors).length) throw badRequest('Bitte prüfen Sie die markierten Felder.', errors);
  return inTransaction(db, async (trx) => {
    const vorgang = await insertVorgang(trx, values, caller);
    await recordChange(trx, {
      actor: caller,
      area: VORGANG_AREA,
      recordId: vorgang.id,
      vorgangId: vorgang.id,
      before: null,
      after: await vorgangSnapshot(trx, vorgang.id),
    });
    await trx
      .insertInto('vorgang_status_change')
      .values({ vorgang_id: vorgang.id, from_status: null, to_status: 'anfrage', changed_by: caller.name })
      .execute();
    return vorgang;
  });
}

/** The caller's own user row and Filiale, to start the form with. */
export async function newVorgangDefaultsFor(db: Database, caller: Caller) {
  const user = await db
    .selectFrom('app_user')
    .select(['id as sellerUserId', 'branch_id as branchId'])
    .where('azure_oid', '=', caller.oid)
    .executeTakeFirst();
  return user ?? { sellerUserId: null, branchId: null };
}
