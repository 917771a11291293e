// A declared entity's row in the Änderungsverlauf: what a create, change or delete records.
import type { EntityDeclaration } from '../../../src/resources/entity';
import type { Caller } from '../auth/caller';
import { recordChange, type Change } from '../changes/recordChange';
import type { EntityRecord, Executor } from './entityRecord';

/** The fields the Änderungsverlauf compares: every declared field, links included. */
const trackedFields = (declaration: EntityDeclaration) => declaration.fields.map((f) => f.source);

/** A create, change or delete of a declared entity's row as the Änderungsverlauf records it. */
export const entityChange = (
  declaration: EntityDeclaration,
  caller: Caller,
  id: number,
  before: EntityRecord | null,
  after: EntityRecord | null,
): Change => ({
  actor: caller,
  area: declaration.name,
  recordId: id,
  before,
  after,
  fields: trackedFields(declaration),
  ...(declaration.table === 'customer' ? { customerId: id } : {}),
});

/** Records a create, change or delete of a declared entity's row in the same transaction. */
export const recordEntityChange = (
  trx: Executor,
  declaration: EntityDeclaration,
  caller: Caller,
  id: number,
  before: EntityRecord | null,
  after: EntityRecord | null,
) => recordChange(trx, entityChange(declaration, caller, id, before, after));
