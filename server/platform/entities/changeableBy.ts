import { sql } from 'kysely';
import { columnOf, type EntityDeclaration, type FieldDeclaration } from '../../../src/resources/entity';
import { hasAnyGroup } from '../../../src/auth/groups';
import type { Caller } from '../auth/caller';
import { callerUserId, ledBranchIds } from '../auth/viewerScope';
import type { Database } from '../db/database';
import { ApiError } from '../http/apiError';
import type { Executor } from './entityRecord';

const blankToNull = (value: unknown) => (value === undefined || value === '' ? null : value);
const same = (a: unknown, b: unknown) => String(blankToNull(a)) === String(blankToNull(b));

const fieldNamed = (declaration: EntityDeclaration, source: string | undefined) =>
  source === undefined ? undefined : declaration.fields.find((f) => f.source === source);

/** Whether the caller may change a `changeableBy` field of the stored row `stored` (column → value). */
async function mayChange(
  db: Executor,
  declaration: EntityDeclaration,
  field: FieldDeclaration,
  stored: Record<string, unknown>,
  caller: Caller,
): Promise<boolean> {
  const rule = field.changeableBy!;
  if (rule.groups && hasAnyGroup(caller.groups, rule.groups)) return true;
  const owner = fieldNamed(declaration, rule.owner);
  if (owner) {
    const ownerId = stored[columnOf(owner)];
    if (ownerId !== null && ownerId === (await callerUserId(db as Database, caller))) return true;
  }
  const branch = fieldNamed(declaration, rule.branchLead);
  if (branch) {
    const branchId = stored[columnOf(branch)];
    if (branchId !== null && (await ledBranchIds(db as Database, caller)).includes(Number(branchId)))
      return true;
  }
  return false;
}

/**
 * Refuses (403, German, at the field) a change of a `changeableBy` field (a customer's Betreuer and Filiale) by a
 * caller the rule does not name, judged by the stored row of this transaction: the form's save, the in-place edit
 * and each record of a bulk job go through here. Sending the stored value back unchanged passes, and a new
 * record (`id` null) is not checked.
 */
export async function guardChangeableBy(
  trx: Executor,
  declaration: EntityDeclaration,
  id: number | null,
  values: Record<string, unknown>,
  caller: Caller,
): Promise<void> {
  if (id === null) return;
  const guarded = declaration.fields.filter(
    (f) => f.changeableBy && f.source in values && values[f.source] !== undefined,
  );
  if (!guarded.length) return;
  const { rows } = await sql<Record<string, unknown>>`
    SELECT * FROM ${sql.table(declaration.table)} WHERE id = ${id}`.execute(trx);
  const stored = rows[0];
  if (!stored) return; // The write itself answers 404.
  for (const field of guarded) {
    if (same(values[field.source], stored[columnOf(field)])) continue;
    if (await mayChange(trx, declaration, field, stored, caller)) continue;
    const message = `${field.label}: Diesen Wert können nur ${field.changeableBy!.who} ändern.`;
    throw new ApiError(403, message, { [field.source]: message });
  }
}
