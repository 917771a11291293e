import type { RawBuilder } from 'kysely';
import type { Database } from '../../server/platform/db/database';

/** A valid new record of a writable entity, the field the change-history test changes, and how. */
export interface HistorySample {
  valid: Record<string, unknown>;
  /** The field the test changes after creating the record. */
  changed: string;
  /** The changed value (default: the text with " geändert" appended). */
  change?: (value: unknown) => unknown;
  /** Inserts the rows a valid record refers to; returns the references to add to `valid`. */
  prepare?: (db: Database) => Promise<Record<string, unknown>>;
}

/**
 * Declares an area's history samples by entity name; tests/api/changeHistory finds them in
 * tests/api/<area>/historySamples.ts, so a new entity's sample goes in its own area's folder.
 */
export const defineHistorySamples = (
  samples: Record<string, HistorySample>,
): Readonly<Record<string, HistorySample>> => Object.freeze(samples);

/** Inserts a row by SQL and returns its id (for the rows a sample refers to). */
export const idOf = async (db: Database, query: RawBuilder<{ id: number }>) =>
  (await query.execute(db)).rows[0]!.id;
