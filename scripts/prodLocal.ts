import { existsSync } from 'node:fs';
import path from 'node:path';
import { run } from './topology/processes';
import { startTopology } from './topology/topology';

/*
 * npm run prod:local: the production topology on this machine with one command: PostgreSQL (Debian's
 * server, else the bundled one) as the external database, two or three app instances (the server's build,
 * dist-server/, as production runs it) and nginx with TLS and HTTP/2 in front. An instance that ends without
 * being asked (a crash, a kill) is started again, and this says so. Ctrl+C stops everything cleanly (nginx,
 * then each instance drains, then PostgreSQL).
 *
 * Settings (environment): PROD_DIR (./data-prod), PROD_INSTANCES (2), PROD_PORT (8443, nginx),
 * PROD_APP_PORT (3101, the first instance; the others follow), PROD_PG_PORT (55433), PROD_PGBOUNCER_PORT (6433),
 * PROD_REPLICA_PORT (55434, Debian's PostgreSQL only), SEED_CUSTOMERS (300).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} muss eine positive ganze Zahl sein.`);
  return value;
};

const instances = number('PROD_INSTANCES', 2);
if (instances < 1 || instances > 3) throw new Error('PROD_INSTANCES: 1 bis 3 Instanzen.');

if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) {
  console.log('Baue die Web-App (npm run build) …');
  await run('npm', ['run', 'build'], { cwd: ROOT });
}

// Ctrl+C while starting: the start finishes (the instances run detached, in process groups of their own, so
// the terminal's signal does not reach them half-started), then everything stops in order.
let stopRequested = false;
let stopNow = () => {
  stopRequested = true;
};
process.on('SIGINT', () => stopNow());
process.on('SIGTERM', () => stopNow());

const dir = path.resolve(ROOT, process.env.PROD_DIR ?? 'data-prod');
console.log(`Starte PostgreSQL mit Replik und PgBouncer, ${instances} Instanzen und nginx in ${dir} …`);
const topology = await startTopology({
  dir,
  port: number('PROD_PORT', 8443),
  appPorts: Array.from({ length: instances }, (_, i) => number('PROD_APP_PORT', 3101) + i),
  postgresPort: number('PROD_PG_PORT', 55433),
  pgBouncerPort: number('PROD_PGBOUNCER_PORT', 6433),
  replicaPort: number('PROD_REPLICA_PORT', 55434),
  seedCustomers: number('SEED_CUSTOMERS', 300),
  env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  report: (line) => console.log(`${new Date().toLocaleTimeString('de-AT')} ${line}`),
});

console.log(`
Fenster CRM läuft: ${topology.publicUrl} (selbst signiertes Zertifikat: ${topology.certFile})
  Datenbank:  ${topology.database.url} (${topology.database.kind === 'debian' ? 'PostgreSQL von Debian' : 'eingebettete PostgreSQL'})
  PgBouncer:  ${topology.pgBouncer?.url ?? '–'} (Transaktionsmodus; Konsole ${topology.pgBouncer?.adminUrl ?? '–'})
  Replik:     ${topology.replica?.url ?? '– (nur mit Debians PostgreSQL)'}
  Instanzen:  ${topology.instances.map((instance) => instance.url).join(', ')}
  Protokolle: ${path.join(dir, 'logs')}
Eine Instanz, die sich unerwartet beendet, wird neu gestartet (Meldung hier).
Beenden mit Strg+C.`);

let stopping = false;
stopNow = () => {
  if (stopping) return;
  stopping = true;
  console.log('Halte nginx, die Instanzen und PostgreSQL an …');
  void topology.stop().then(() => {
    console.log('Beendet.');
    process.exit(0);
  });
};
if (stopRequested) stopNow();
