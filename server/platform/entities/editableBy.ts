import { sql } from 'kysely';
import { columnOf, type EntityDeclaration } from '../../../src/resources/entity';
import type { Caller } from '../auth/caller';
import { badRequest } from '../http/apiError';
import type { Executor } from './entityRepository';

const blankToNull = (value: unknown) => (value === undefined || value === '' ? null : value);

/**
 * Refuses a value of an `editableBy` field (e.g. the ERP's Kundennummer) that a caller outside those groups
 * sets or changes: a German 400 at the field. Sending the stored value back unchanged passes, so the
 * whole form of a seller still saves.
 */
export async function guardEditableBy(
  trx: Executor,
  declaration: EntityDeclaration,
  id: number | null,
  values: Record<string, unknown>,
  caller: Caller,
): Promise<void> {
  for (const field of declaration.fields) {
    if (!field.editableBy || !(field.source in values) || values[field.source] === undefined) continue;
    if (field.editableBy.some((group) => caller.groups.includes(group))) continue;
    let stored: unknown = null;
    if (id !== null) {
      const { rows } = await sql<{ value: unknown }>`
        SELECT ${sql.ref(columnOf(field))} AS value FROM ${sql.table(declaration.table)} WHERE id = ${id}`.execute(
        trx,
      );
      stored = rows[0]?.value ?? null;
    }
    if (blankToNull(values[field.source]) !== blankToNull(stored)) {
      const message = `${field.label}: nur die Administration kann diesen Wert setzen oder ändern.`;
      throw badRequest(message, { [field.source]: message });
    }
  }
}
