import { sql } from 'kysely';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../scripts/topology/processes';
import { startExternalPostgres, type ExternalPostgres } from '../../../scripts/topology/postgres';
import { ERASURE_LIST_COLUMNS } from '../../../src/resources/privacy/privacyLog.rules';
import { eraseCustomer, reapplyErasures } from '../../../server/privacy/eraseCustomer';
import { erasureListRows } from '../../../server/privacy/privacyLogQueries';
import { openDatabase, type Database } from '../../../server/platform/db/database';
import { migrateToLatest } from '../../../server/platform/db/migrate';
import { freePort } from '../../support/freePort';

const CALLER = { oid: 'oid-admin', tid: 't', name: 'Anna Admin', username: 'anna', groups: ['APP_ADMIN'] };
const noStore = { markForRemoval: async () => undefined };

/**
 * scripts/backup.sh and scripts/restore.sh with PostgreSQL's own tools (Debian's server and client, as the
 * topology test): an erasure made after the backup that is restored stays made.
 */
describe('restore.sh carries the Löschliste over, and the erased person is erased again', () => {
  let dir = '';
  let postgres: ExternalPostgres;
  let db: Database;
  let env: NodeJS.ProcessEnv;
  let customer = 0;
  const backups = () => path.join(dir, 'backups');

  const backup = async () => {
    // One backup a second at most: its folder is named by the second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await run('scripts/backup.sh', [], {
      env: { ...env, DATABASE_URL: postgres.url, BACKUP_DIR: backups() },
    });
  };
  /** Restores `folder` into a new empty database; answers its URL and what the script said. */
  const restore = async (folder: string, name: string, extra: NodeJS.ProcessEnv = {}) => {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = postgres.url.replace(/\/[^/]+$/, `/${name}`);
    const output = await run('scripts/restore.sh', [folder], {
      env: {
        ...env,
        ...extra,
        DATABASE_URL: url,
        FILES_DIR: path.join(dir, `files-${name}`),
        DATA_DIR: path.join(dir, `data-${name}`),
      },
    });
    return { url, output };
  };
  const personIn = async (target: Database) =>
    (
      await sql<{ last_name: string; email: string | null; notes: number }>`SELECT last_name, email,
        (SELECT count(*)::int FROM timeline_note WHERE customer_id = c.id) AS notes
      FROM customer c WHERE id = ${customer}`.execute(target)
    ).rows[0]!;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-restore-'));
    postgres = await startExternalPostgres(path.join(dir, 'postgres'), await freePort());
    env = {
      ...process.env,
      ...(postgres.binDir ? { PG_BIN: postgres.binDir } : {}),
      FILES_DIR: path.join(dir, 'files'),
      // The Dateien and import folders the backup takes and the restore fills: this test's own, never ./data.
      DATA_DIR: path.join(dir, 'data'),
    };
    await mkdir(path.join(dir, 'files'), { recursive: true });
    db = openDatabase(postgres.url, 2);
    await migrateToLatest(db);
    customer = (
      await sql<{ id: number }>`INSERT INTO customer (last_name, first_name, email, customer_number)
        VALUES ('Holunder', 'Wendelin', 'wendelin@holunder.example', 'K-77') RETURNING id`.execute(db)
    ).rows[0]!.id;
    await sql`INSERT INTO timeline_note (customer_id, text, author_name, author_oid)
      VALUES (${customer}, 'Herr Holunder will Sprossenfenster', 'Vera', 'oid-v')`.execute(db);
    await backup();
    await eraseCustomer(db, noStore, CALLER, customer, 1, 'Antrag per Brief');
    await backup();
  }, 120_000);

  afterAll(async () => {
    await db?.destroy();
    await postgres?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('takes the list of a newer backup beside the restored one', async () => {
    const [older] = (await readdir(backups())).sort();
    const { url, output } = await restore(path.join(backups(), older!), 'from_newer');
    expect(output).toContain('Löschliste übernommen aus');
    expect(output).toContain('1 gelöschte Personen sind in dieser Sicherung noch enthalten');
    const restored = openDatabase(url, 2);
    try {
      // The backup holds the person as they were; the first instance's start erases them again.
      expect(await personIn(restored)).toEqual({
        last_name: 'Holunder',
        email: 'wendelin@holunder.example',
        notes: 1,
      });
      await migrateToLatest(restored);
      expect((await reapplyErasures(restored, noStore)).customers).toBe(1);
      expect(await personIn(restored)).toEqual({ last_name: 'Gelöscht (DSGVO)', email: null, notes: 0 });
    } finally {
      await restored.destroy();
    }
  }, 120_000);

  it('takes the list of the database being replaced, or of a file, when no newer backup is there', async () => {
    const [older] = (await readdir(backups())).sort();
    const alone = path.join(dir, 'alone');
    await mkdir(alone);
    await run('cp', ['-a', path.join(backups(), older!), alone]);
    const fromDatabase = await restore(path.join(alone, older!), 'from_database', {
      ERASURES_FROM: postgres.url,
    });
    expect(fromDatabase.output).toContain('1 gelöschte Personen sind in dieser Sicherung noch enthalten');
    expect(fromDatabase.output).not.toContain('postgres@');
    const list = path.join(dir, 'loeschliste.csv');
    // The list as Admin → Datenschutz exports it.
    const { rows } = await erasureListRows().execute(db);
    await writeFile(list, [ERASURE_LIST_COLUMNS.join(';'), ...rows.map((row) => row.line)].join('\n'));
    const fromFile = await restore(path.join(alone, older!), 'from_file', { ERASURES_FROM: list });
    expect(fromFile.output).toContain('1 gelöschte Personen sind in dieser Sicherung noch enthalten');
  }, 120_000);
});
