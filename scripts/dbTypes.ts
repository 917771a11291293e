import { generate, PostgresDialect } from 'kysely-codegen';
import path from 'node:path';
import prettier from 'prettier';
import { openDatabase } from '../server/platform/db/database';

/** The committed table types, generated from the migrated database. */
export const DB_TYPES_FILE = path.resolve(import.meta.dirname, '..', 'server', 'platform', 'db', 'schema.ts');

/** Kysely table types of the migrated database at `connectionString`, formatted like the rest of the code. */
export async function dbTypesOf(connectionString: string): Promise<string> {
  const db = openDatabase(connectionString, 2);
  try {
    const source = await generate({
      db,
      // The parsers match openDatabase: dates stay strings, numeric and bigint arrive as numbers.
      dialect: new PostgresDialect({ dateParser: 'string', numericParser: 'number' }),
      typeMapping: { int8: 'number' },
      // The product's tables only: not the migrator's bookkeeping, not the job library's schema (pgboss).
      includePattern: 'public.*',
      excludePattern: 'public.kysely_migration*',
      logger: undefined,
      print: false,
      outFile: null,
    });
    const options = await prettier.resolveConfig(DB_TYPES_FILE);
    return prettier.format(source, { ...options, filepath: DB_TYPES_FILE });
  } finally {
    await db.destroy();
  }
}
