import { inTransaction } from '../platform/db/inTransaction';
import { ValidationError } from 'yup';
import customerEntity from '../../src/resources/customers/customer.entity';
import { entitySchema } from '../../src/resources/entitySchema';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import {
  getRecord,
  readForUpdate,
  staleRecord,
  updateRecord,
  type EntityRecord,
} from '../platform/entities/entityRepository';
import { badRequest } from '../platform/http/apiError';
import { shapeProblem } from '../platform/entities/validateInput';
import { setCustomerLabels } from './customerLabels';
import { withChangeRecord } from '../platform/changes/recordChange';
import { customerSubject } from './customerSnapshot';
import { refreshDuplicatesOf } from '../duplicates/computeDuplicates';

/** The fields the duplicate score compares (src/resources/duplicates/duplicateScore.rules.ts). */
const MATCHED_FIELDS = new Set([
  'companyName',
  'firstName',
  'lastName',
  'street',
  'zip',
  'country',
  'phone',
  'mobile',
  'email',
]);

export interface FieldChange {
  id: number;
  version: number;
  field: string;
  value: unknown;
  /** The field's value as the caller saw it: a stale version then conflicts only if this field changed. */
  expectedValue?: unknown;
}

// Values compared as the API sends them (a Date as its ISO text); an empty text counts as no value.
const comparable = (value: unknown) => JSON.stringify(value === '' || value === undefined ? null : value);
const sortedIds = (ids: unknown) =>
  Array.isArray(ids) ? [...ids].map(Number).sort((a, b) => a - b) : ids === null ? [] : ids;

/**
 * The version to save `change` at: the caller's; or, when that is stale but the field is still as the caller saw
 * it (`expectedValue`), the current one. Someone else's change of another field then is no conflict (a seller's
 * offline edits of a customer whose other fields a colleague changed meanwhile); of this field it still is.
 */
function versionToSave(change: FieldChange, currentVersion: number, currentValue: unknown): number {
  if (change.version === currentVersion || !('expectedValue' in change)) return change.version;
  return comparable(currentValue) === comparable(change.expectedValue) ? currentVersion : change.version;
}

/** `versionToSave` for the labels: their ids compared as sets. */
async function labelsVersionToSave(trx: Database, change: FieldChange): Promise<number> {
  if (!('expectedValue' in change)) return change.version;
  const customer = await trx
    .selectFrom('customer')
    .select('version')
    .where('id', '=', change.id)
    .executeTakeFirst();
  if (!customer) return change.version;
  const labels = await trx
    .selectFrom('customer_label')
    .select('label_id')
    .where('customer_id', '=', change.id)
    .execute();
  const current = sortedIds(labels.map((label) => label.label_id));
  return versionToSave(
    { ...change, expectedValue: sortedIds(change.expectedValue) },
    customer.version,
    current,
  );
}

async function changeLabels(db: Database, change: FieldChange, caller: Caller, timeZone: string) {
  const ids = change.value;
  if (!Array.isArray(ids) || !ids.every((id) => Number.isInteger(id))) {
    throw badRequest('Bitte prüfen Sie die Labels.', {
      labelIds: 'Die Labels müssen eine Liste von IDs sein.',
    });
  }
  await inTransaction(db, (trx) =>
    withChangeRecord(trx, { ...customerSubject(change.id), actor: caller }, async () => {
      const version = await labelsVersionToSave(trx, change);
      const bumped = await trx
        .updateTable('customer')
        .set((eb) => ({
          version: eb('version', '+', 1),
          updated_at: eb.fn<Date>('now'),
          updated_by: caller.name,
        }))
        .where('id', '=', change.id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (!bumped.numUpdatedRows)
        throw staleRecord(customerEntity, await getRecord(trx, customerEntity, change.id));
      await setCustomerLabels(trx, change.id, ids as number[], caller, timeZone);
    }),
  );
  return getRecord(db, customerEntity, change.id);
}

/**
 * Saves one field of a customer in place (the client's path kunde/updateCustomerField), checked by the same
 * rules as
 * the form and only at the version the user saw; `labelIds` adds and removes labels with their due dates
 * (counted from the company's today in `timeZone`).
 */
export async function updateCustomerField(
  db: Database,
  change: FieldChange,
  caller: Caller,
  timeZone: string,
): Promise<EntityRecord> {
  if (change.field === 'labelIds') return changeLabels(db, change, caller, timeZone);
  const field = customerEntity.fields.find((f) => f.source === change.field && f.inForm !== false);
  if (!field) throw badRequest(`Das Feld „${change.field}“ kann hier nicht geändert werden.`);
  // An array or object where the rule expects a scalar would make yup's transforms throw (a 500).
  const problem = shapeProblem(field, change.value);
  if (problem) throw badRequest(problem, { [field.source]: problem });
  // Read in the transaction that changes it: the stored fields the rules see are then also the Änderungsverlauf's
  // row as it was.
  return inTransaction(db, async (trx) => {
    const current = await readForUpdate(trx, customerEntity, change.id);
    let value: unknown;
    try {
      // Rules that look at other fields (postcode and country, Nachname or Firma) see the stored ones.
      value = await entitySchema(customerEntity).validateAt(field.source, {
        ...current,
        [field.source]: change.value,
      });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      throw badRequest(error.message, { [field.source]: error.message });
    }
    const values = { [field.source]: value };
    const version = versionToSave(change, current.version, current[field.source]);
    const saved = await updateRecord(trx, customerEntity, change.id, version, values, caller, {}, current);
    // A changed name, address, phone or e-mail may make (or end) a likely duplicate: found at once.
    if (MATCHED_FIELDS.has(field.source)) await refreshDuplicatesOf(trx, change.id);
    return saved;
  });
}
