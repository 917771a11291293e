import type { RawBuilder } from 'kysely';
import type { Database } from '../../server/platform/db/database';

/** A valid and an invalid input of a declared entity, and the fields the invalid one gets wrong. */
export type EntitySample = {
  /** The filterable text the list tests write and search (default: the first filterable field). */
  textField?: string;
  valid: Record<string, unknown>;
  invalid: Record<string, unknown>;
  badFields: string[];
  /** Values that must differ on every create (unique keys other than the name). */
  fresh?: () => Record<string, unknown>;
  /** Inserts the rows a valid record refers to; returns the references to add to `valid`. */
  prepare?: (db: Database) => Promise<Record<string, unknown>>;
};

/** Declares an area's entity samples by entity name; tests/api/platform/entities finds them in tests/api/<area>/entitySamples.ts. */
export const defineEntitySamples = (
  samples: Record<string, EntitySample>,
): Readonly<Record<string, EntitySample>> => Object.freeze(samples);

/** Inserts a row by SQL and returns its id (for the rows a sample refers to). */
export async function insertId(db: Database, query: RawBuilder<unknown>): Promise<number> {
  return ((await query.execute(db)).rows[0] as { id: number }).id;
}
