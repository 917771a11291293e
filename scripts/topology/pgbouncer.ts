import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { chown, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { isRoot, run, stopProcess, waitFor } from './processes';

export interface RunningPgBouncer {
  /** The application database through PgBouncer (what the instances get as DATABASE_URL). */
  url: string;
  /** PgBouncer's admin console (SHOW POOLS, SHOW CLIENTS), database `pgbouncer`. */
  adminUrl: string;
  stop: () => Promise<void>;
}

/** Where Debian's pgbouncer is, installing the package when it is missing (as nginx is). */
export async function ensurePgBouncer(): Promise<string> {
  const binary = '/usr/sbin/pgbouncer';
  if (existsSync(binary)) return binary;
  console.log('pgbouncer fehlt: installiere Debians Paket pgbouncer …');
  const apt = (args: string[]) => (isRoot() ? run('apt-get', args) : run('sudo', ['apt-get', ...args]));
  await apt(['update', '-qq']);
  await apt(['install', '-y', '-qq', 'pgbouncer']);
  if (!existsSync(binary)) throw new Error('pgbouncer konnte nicht installiert werden.');
  return binary;
}

/**
 * PgBouncer in transaction mode between the instances and PostgreSQL at `postgresPort`: a server connection is
 * an instance's only for one transaction, so many instances share a few connections. What needs a session
 * (migrations' advisory lock, LISTEN) goes to PostgreSQL directly (DATABASE_DIRECT_URL). Runs as the postgres
 * system user when this runs as root (PgBouncer refuses root), in the foreground, its log in `logFile`.
 */
export async function startPgBouncer(
  binary: string,
  options: { dir: string; port: number; postgresPort: number; database: string; logFile: string },
): Promise<RunningPgBouncer> {
  const { dir, port } = options;
  await mkdir(dir, { recursive: true });
  const configFile = path.join(dir, 'pgbouncer.ini');
  // trust: local connections only (listen_addr); a real server uses auth_type=scram-sha-256 and auth_query.
  await writeFile(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  await writeFile(
    configFile,
    `[databases]
${options.database} = host=127.0.0.1 port=${options.postgresPort} dbname=${options.database} user=postgres

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${path.join(dir, 'userlist.txt')}
admin_users = postgres
pool_mode = transaction
max_client_conn = 500
default_pool_size = 20
server_reset_query =
ignore_startup_parameters = extra_float_digits
pidfile = ${path.join(dir, 'pgbouncer.pid')}
`,
  );
  let user: { uid: number; gid: number } | undefined;
  if (isRoot()) {
    user = {
      uid: Number((await run('id', ['-u', 'postgres'])).trim()),
      gid: Number((await run('id', ['-g', 'postgres'])).trim()),
    };
    for (const file of [dir, configFile, path.join(dir, 'userlist.txt')])
      await chown(file, user.uid, user.gid);
  }
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(binary, [configFile], { stdio: ['ignore', 'pipe', 'pipe'], ...user });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const url = `postgres://postgres@127.0.0.1:${port}/${options.database}`;
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/pgbouncer`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error('pgbouncer beendet');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return true;
    },
    15_000,
    () => `PgBouncer antwortet nicht auf Port ${port} (Protokoll: ${options.logFile}).`,
  );
  return {
    url,
    adminUrl,
    // SIGINT: PgBouncer's safe shutdown (waits for the transactions in hand), SIGKILL after 5 s.
    stop: async () => {
      await stopProcess(child, 'SIGINT', 5000);
      log.end();
    },
  };
}
