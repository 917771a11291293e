import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database';
import { ensureJobSchema } from '../jobs/jobSchema';

const SERVER_DIR = path.resolve(import.meta.dirname, '..', '..');

/**
 * A migration's name: the 38 of the first round keep their four digits (`0049_bulk_jobs.sql`); new ones begin
 * with the UTC time they were written (`202611290815_consent.sql`), so two branches that each add one never
 * take the same name, and both sort after the old ones.
 */
export const MIGRATION_NAME = /^(\d{4}|\d{12})_[a-z0-9_]+\.sql$/;

/**
 * The migration files: the platform's (server/platform/db/migrations) and each area's own
 * (server/<area>/migrations), in the order of their prefixes; a prefix used twice is a mistake.
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
  const misnamed = files.find((f) => !MIGRATION_NAME.test(f.name));
  if (misnamed)
    throw new Error(
      `Die Migration ${misnamed.file} ist falsch benannt: erwartet JJJJMMTTHHMM_<was>.sql (UTC-Zeit, Kleinbuchstaben).`,
    );
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

let codeMigrations: Promise<string[]> | undefined;

/** The migrations this code brings (file names without .sql), read once per process. */
const migrationsOfThisCode = () =>
  (codeMigrations ??= migrationFiles().then((files) => files.map((f) => f.name.replace(/\.sql$/, ''))));

/**
 * Migrations this code needs that the database lacks. Migrations the database has beyond them (a newer
 * version already expanded the schema during a rolling update) are fine: every migration keeps the previous
 * version working.
 */
export async function missingMigrations(db: Database): Promise<string[]> {
  const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration`
    .execute(db)
    .then((result) => new Set(result.rows.map((row) => row.name)))
    .catch(() => new Set<string>());
  return (await migrationsOfThisCode()).filter((name) => !applied.has(name));
}

/**
 * Brings the schema up to date; safe when several instances start at once: Kysely's migrator takes a
 * PostgreSQL advisory lock (pg_advisory_lock) for the whole run, so one instance migrates and the others
 * wait, then find nothing left to do.
 */
export async function migrateToLatest(db: Database): Promise<string[]> {
  // Unordered: a branch's migration written before another branch's may land after it; each is applied once.
  const migrator = new Migrator({
    db,
    provider: new SqlFileMigrationProvider(),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Die Datenbank-Migration ${failed ?? ''} ist fehlgeschlagen: ${String(error)}`);
  }
  // The job library's schema (its own versions) after the product's tables.
  await ensureJobSchema(db);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
