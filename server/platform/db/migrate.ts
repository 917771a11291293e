import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database';

const SERVER_DIR = path.resolve(import.meta.dirname, '..', '..');

/**
 * The migration files: the platform's (server/platform/db/migrations) and each area's own
 * (server/<area>/migrations), numbered in one sequence; a number used twice is a mistake.
 */
export async function migrationFiles(): Promise<{ name: string; file: string }[]> {
  const folders = [path.join(import.meta.dirname, 'migrations')];
  for (const entry of await readdir(SERVER_DIR, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== 'platform')
      folders.push(path.join(SERVER_DIR, entry.name, 'migrations'));
  }
  const files: { name: string; file: string }[] = [];
  for (const folder of folders) {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names.filter((f) => f.endsWith('.sql')))
      files.push({ name, file: path.join(folder, name) });
  }
  files.sort((a, b) => a.name.localeCompare(b.name));
  const numbers = files.map((f) => f.name.split('_')[0]);
  const twice = numbers.find((n, i) => numbers.indexOf(n) !== i);
  if (twice) throw new Error(`Die Migrationsnummer ${twice} ist doppelt vergeben.`);
  return files;
}

/** Versioned SQL files, applied in name order, each once. */
class SqlFileMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const { name, file } of await migrationFiles()) {
      const text = await readFile(file, 'utf8');
      migrations[name.replace(/\.sql$/, '')] = {
        up: async (db) => {
          await sql.raw(text).execute(db);
        },
      };
    }
    return migrations;
  }
}

/** Brings the schema up to date; safe when several instances start at once (Kysely locks). */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new SqlFileMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Die Datenbank-Migration ${failed ?? ''} ist fehlgeschlagen: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
