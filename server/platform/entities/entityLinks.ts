// A declared entity's link fields (labels, branches …), stored in link tables beside its row.
import { sql } from 'kysely';
import type { EntityDeclaration } from '../../../src/resources/entity';
import type { EntityRecord, Executor } from './entityRecord';
import { isLink } from './recordSelect';

/** Stores the links the input names for these link fields (only the difference), in `trx`. */
export async function replaceLinks(
  trx: Executor,
  declaration: EntityDeclaration,
  id: number,
  values: Record<string, unknown>,
) {
  for (const field of declaration.fields.filter(isLink)) {
    // A link field the input leaves out (stripped, or edited elsewhere) keeps its links.
    if (!(field.source in values)) continue;
    const { table, ownKey, otherKey } = field.through!;
    const keys = [...new Set((values[field.source] as (number | string)[] | undefined) ?? [])];
    const keyType = sql.raw(field.type === 'choiceMany' ? 'text[]' : 'int[]');
    // Only the difference: links that stay keep what the link row carries (a label's due date).
    await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(ownKey)} = ${id} AND NOT (${sql.ref(otherKey)} = ANY(${keys}::${keyType}))`.execute(
      trx,
    );
    if (keys.length) {
      await sql`INSERT INTO ${sql.table(table)} (${sql.ref(ownKey)}, ${sql.ref(otherKey)}) SELECT ${id}, unnest(${keys}::${keyType}) ON CONFLICT DO NOTHING`.execute(
        trx,
      );
    }
  }
}

/** The link fields' values of a record. */
export const linksOf = (declaration: EntityDeclaration, record: EntityRecord) =>
  Object.fromEntries(declaration.fields.filter(isLink).map((f) => [f.source, record[f.source]]));
