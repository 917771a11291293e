import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { loadOrCreateDevIdpKeys } from '../../server/dev/devIdp/devIdpKeys';
import { appInstance, type AppInstance } from './appInstance';
import { ensureNginx, selfSignedCertificate, startNginx, type RunningNginx } from './nginx';
import { ensurePgBouncer, startPgBouncer, type RunningPgBouncer } from './pgbouncer';
import {
  startExternalPostgres,
  startStreamingReplica,
  type ExternalPostgres,
  type StreamingReplica,
} from './postgres';
import { ensureServerBuild } from './serverBuild';

export interface TopologyOptions {
  /** Everything of this topology lives here: database cluster, shared data folder, nginx files, logs. */
  dir: string;
  /** nginx's HTTPS port. */
  port: number;
  /** One app instance behind nginx per port (two or three; 127.0.0.1). */
  appPorts: readonly number[];
  /** PostgreSQL's port (127.0.0.1). */
  postgresPort: number;
  /** PgBouncer's port in front of PostgreSQL (transaction mode); without it the instances connect directly. */
  pgBouncerPort?: number;
  /** A streaming replica's port (Debian's PostgreSQL only); without it there is no replica. */
  replicaPort?: number;
  /** Host name in the certificate and PUBLIC_URL. */
  host?: string;
  /** Size of the demo data generated into an empty database. */
  seedCustomers?: number;
  /** More environment for every instance (LOG_LEVEL, SHUTDOWN_DELAY_MS …). */
  env?: Record<string, string>;
  /** nginx's access log: a file in `dir`/logs (default) or off. */
  accessLog?: boolean;
  /** Receives what happens to the instances meanwhile (one ended unasked and is restarted, is ready again). */
  report?: (line: string) => void;
}

export interface Topology {
  /** What people open: nginx, https. */
  publicUrl: string;
  /** The self-signed certificate nginx presents (clients trust it as their CA). */
  certFile: string;
  /** The folder the instances share (sign-in keys, uploaded files). */
  dataDir: string;
  database: ExternalPostgres;
  /** PgBouncer between the instances and PostgreSQL, when started. */
  pgBouncer?: RunningPgBouncer;
  /** The read replica, when started. */
  replica?: StreamingReplica;
  instances: AppInstance[];
  nginx: RunningNginx;
  /** Stops nginx, drains every instance, stops PostgreSQL. */
  stop: () => Promise<void>;
}

/**
 * The production topology on one machine: an external PostgreSQL (with PgBouncer in front and a streaming
 * replica beside it, when their ports are given), `instances` app processes (the server's build, restarted when
 * one ends unasked) with DATABASE_URL on their own ports, sharing one data folder, and nginx with TLS and HTTP/2
 * in front.
 */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const host = options.host ?? 'localhost';
  const runDir = path.join(options.dir, 'nginx');
  const logDir = path.join(options.dir, 'logs');
  const dataDir = path.join(options.dir, 'shared');
  await Promise.all([runDir, logDir, dataDir].map((dir) => mkdir(dir, { recursive: true })));
  const nginxBinary = await ensureNginx();
  if (await ensureServerBuild()) options.report?.('Server neu gebaut (dist-server/).');
  const database = await startExternalPostgres(path.join(options.dir, 'postgres'), options.postgresPort);
  let pgBouncer: RunningPgBouncer | undefined;
  let replica: StreamingReplica | undefined;
  const stopDatabase = async () => {
    await pgBouncer?.stop();
    await replica?.stop();
    await database.stop();
  };
  try {
    if (options.pgBouncerPort)
      pgBouncer = await startPgBouncer(await ensurePgBouncer(), {
        dir: path.join(options.dir, 'pgbouncer'),
        port: options.pgBouncerPort,
        postgresPort: database.port,
        database: new URL(database.url).pathname.slice(1),
        logFile: path.join(logDir, 'pgbouncer.log'),
      });
    if (options.replicaPort && database.kind === 'debian')
      replica = await startStreamingReplica(database, path.join(options.dir, 'replica'), options.replicaPort);
  } catch (error) {
    await stopDatabase();
    throw error;
  }
  const publicUrl = `https://${host}:${options.port}`;
  const env: Record<string, string> = {
    // Through PgBouncer when it runs; migrations and LISTEN then go to PostgreSQL directly.
    DATABASE_URL: pgBouncer?.url ?? database.url,
    ...(pgBouncer ? { DATABASE_DIRECT_URL: database.url } : {}),
    ...(replica ? { DATABASE_REPLICA_URL: replica.url } : {}),
    PUBLIC_URL: publicUrl,
    // nginx on this machine is the proxy: its client address, scheme and request id are believed.
    TRUST_PROXY: '127.0.0.1,::1',
    DATA_DIR: dataDir,
    // One folder on this machine that every instance reads and writes (the shared file store of one box).
    FILES_DIR: path.join(dataDir, 'files'),
    // The development sign-in and demo data (this is a local rehearsal of production, not production).
    DEMO: 'true',
    SEED_CUSTOMERS: String(options.seedCustomers ?? 300),
    ...options.env,
  };
  // Only the first instance fills an empty database with demo data (two seeding at once would collide).
  const instances = options.appPorts.map((port, i) =>
    appInstance(
      port,
      i === 0 ? env : { ...env, SEED_DEMO_DATA: 'false' },
      path.join(logDir, `app-${i + 1}.log`),
      { name: `Instanz ${i + 1}`, report: options.report },
    ),
  );
  const started: AppInstance[] = [];
  let nginx: RunningNginx | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(started.map((instance) => instance.stop()));
    await stopDatabase();
  };
  try {
    // The development sign-in's keys, made once before the instances start, so all of them sign and verify
    // with the same key. Migrations take a lock: the instances start side by side.
    await loadOrCreateDevIdpKeys(dataDir);
    await Promise.all(
      instances.map(async (instance) => {
        started.push(instance);
        await instance.start();
      }),
    );
    const { certFile, keyFile } = await selfSignedCertificate(runDir, host);
    nginx = await startNginx(nginxBinary, {
      runDir,
      listenHost: '127.0.0.1',
      port: options.port,
      serverName: host,
      appPorts: instances.map((instance) => instance.port),
      maxBodyMb: Number(env.MAX_UPLOAD_MB ?? 20) + 5,
      certFile,
      keyFile,
      logDir,
      accessLog: options.accessLog !== false,
    });
    return { publicUrl, certFile, dataDir, database, pgBouncer, replica, instances, nginx, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
