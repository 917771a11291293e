import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import type { Caller } from '../platform/auth/caller';
import { recordChange } from '../platform/changes/recordChange';
import { VORGANG_AREA, vorgangSnapshot } from './vorgangSnapshot';
import { inTransaction } from '../platform/db/inTransaction';
import { badRequest } from '../platform/http/apiError';
import { NO_SELLER } from '../platform/auth/customerAccess';

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
  const { rows } = await sql<{ customer: boolean; seller: boolean; branch: boolean; origin: boolean }>`
    SELECT EXISTS (SELECT 1 FROM customer WHERE id = ${values.customerId}) AS customer,
      EXISTS (SELECT 1 FROM app_user WHERE id = ${values.sellerUserId} AND active) AS seller,
      EXISTS (SELECT 1 FROM branch WHERE id = ${values.branchId}) AS branch,
      (${values.origin}::text IS NULL OR EXISTS (
        SELECT 1 FROM stammdaten WHERE category = 'herkunft' AND active AND value = ${values.origin})) AS origin`.execute(
    db,
  );
  const found = rows[0]!;
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
    const created = await sql<{ id: number; vorgangNumber: string }>`
      INSERT INTO vorgang (vorgang_number, customer_id, title, origin, seller_user_id, branch_id, system_status,
        expected_order_date, last_activity_at, updated_by)
      VALUES ('CRM-' || lpad(nextval('vorgang_crm_number_seq')::text, 6, '0'), ${values.customerId}, ${values.title},
        ${values.origin}, ${values.sellerUserId}, ${values.branchId}, 'anfrage', ${values.expectedOrderDate}::date,
        now(), ${caller.name})
      RETURNING id, vorgang_number AS "vorgangNumber"`.execute(trx);
    const vorgang = created.rows[0]!;
    await recordChange(trx, {
      actor: caller,
      area: VORGANG_AREA,
      recordId: vorgang.id,
      vorgangId: vorgang.id,
      before: null,
      after: await vorgangSnapshot(trx, vorgang.id),
    });
    await sql`INSERT INTO vorgang_status_change (vorgang_id, from_status, to_status, changed_by)
              VALUES (${vorgang.id}, NULL, 'anfrage', ${caller.name})`.execute(trx);
    return vorgang;
  });
}

/** The caller's own user row and Filiale, to start the form with. */
export async function newVorgangDefaultsFor(db: Database, caller: Caller) {
  const { rows } = await sql<{ sellerUserId: number; branchId: number | null }>`
    SELECT id AS "sellerUserId", branch_id AS "branchId" FROM app_user WHERE azure_oid = ${caller.oid}`.execute(
    db,
  );
  return rows[0] ?? { sellerUserId: null, branchId: null };
}
