import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/platform/db/database';
import { startEmbeddedPostgres, THROW_AWAY_POSTGRES_FLAGS } from '../../server/platform/db/embeddedPostgres';
import { migrateToLatest } from '../../server/platform/db/migrate';
import { freePort } from './freePort';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL without database; each test file clones `fenster_template`. */
    postgresServerUrl: string;
  }
}

/** Starts one embedded PostgreSQL for the API tests and migrates a template database once. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-api-'));
  // Every file copies the template into a database of its own and drops it with the run: no need to wait
  // for the disk (the copies alone wrote gigabytes through fsync).
  const embedded = await startEmbeddedPostgres(
    path.join(dir, 'postgres'),
    await freePort(),
    THROW_AWAY_POSTGRES_FLAGS,
  );
  const serverUrl = embedded.url.replace(/\/[^/]+$/, '');
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE fenster_template');
  await admin.end();
  const db = openDatabase(`${serverUrl}/fenster_template`);
  await migrateToLatest(db);
  await db.destroy();
  project.provide('postgresServerUrl', serverUrl);
  return async () => {
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
