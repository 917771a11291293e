import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

// What a bulk load of `npm run seed` switches off while its rows are written, and puts back.

/** The seed's tables whose indexes, foreign keys and triggers wait until their rows are written. */
export const BULK_TABLES = [
  'customer',
  'customer_label',
  'vorgang',
  'vorgang_label',
  'beleg',
  'beleg_position',
  'activity',
  'nps_answer',
  'timeline_note',
  'change_record',
  'vorgang_event',
] as const;

/** What a bulk load put aside (indexes, foreign keys) to put back when its rows are in. */
export interface PutAside {
  indexes: string[];
  foreignKeys: { table: string; name: string; definition: string }[];
}

/**
 * Drops the secondary indexes and foreign keys of the tables and switches off their triggers (the automation
 * events, the Microsoft 365 queue, the owner copies and milestones, which the rows already carry): building an
 * index once after the load is many times faster than keeping it up row by row. Only inside a transaction.
 */
export async function putAside(trx: Database, tables: readonly string[]): Promise<PutAside> {
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    SELECT format('%I', ic.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class ic ON ic.oid = i.indexrelid
    WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY(${tables}::text[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`.execute(trx);
  const { rows: foreignKeys } = await sql<{ table: string; name: string; definition: string }>`
    SELECT format('%I', c.relname) AS table, format('%I', k.conname) AS name, pg_get_constraintdef(k.oid) AS definition
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
    WHERE k.contype = 'f' AND k.conparentid = 0 AND c.relnamespace = 'public'::regnamespace
      AND c.relname = ANY(${tables}::text[])`.execute(trx);
  for (const fk of foreignKeys) {
    await sql`ALTER TABLE ${sql.raw(fk.table)} DROP CONSTRAINT ${sql.raw(fk.name)}`.execute(trx);
  }
  for (const index of indexes) await sql`DROP INDEX ${sql.raw(index.name)}`.execute(trx);
  for (const table of tables) await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER USER`.execute(trx);
  return { indexes: indexes.map((i) => i.definition), foreignKeys };
}

/** Builds the indexes again, checks and restores the foreign keys and switches the triggers back on. */
export async function putBack(trx: Database, tables: readonly string[], aside: PutAside): Promise<void> {
  for (const definition of aside.indexes) await sql.raw(definition).execute(trx);
  for (const fk of aside.foreignKeys) {
    await sql`ALTER TABLE ${sql.raw(fk.table)} ADD CONSTRAINT ${sql.raw(fk.name)} ${sql.raw(fk.definition)}`.execute(
      trx,
    );
  }
  for (const table of tables) await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER USER`.execute(trx);
}

/** Memory for the sorts of the load and the index builds, for this transaction only. */
export async function bulkSessionSettings(trx: Database): Promise<void> {
  await sql`SET LOCAL maintenance_work_mem = '1GB'`.execute(trx);
  await sql`SET LOCAL work_mem = '256MB'`.execute(trx);
  await sql`SET LOCAL synchronous_commit = off`.execute(trx);
}
