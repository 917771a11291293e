import type { Database } from '../db/database';

/** A declared entity's row as the API answers it. */
export type EntityRecord = Record<string, unknown> & { id: number; version: number };

// Works on the pool and inside a transaction alike (a Transaction<DB> is a Kysely<DB>), typed by the schema.
export type Executor = Database;
