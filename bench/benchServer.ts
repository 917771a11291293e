// The server `npm run bench` measures: the 100,000-customer data set (built once into a gitignored folder
// and reused), the web app built if dist/ is missing, and a fresh server process on its own ports.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadOrCreateDevIdpKeys } from '../server/dev/devIdp/devIdpKeys';
import { signAccessToken } from '../tests/support/tokens';

const root = path.resolve(import.meta.dirname, '..');

/** Where the bench's data live, its ports and its size (environment variables override the defaults). */
export interface BenchServerOptions {
  dataDir: string;
  port: number;
  pgPort: number;
  customers: number;
  tenant: 'strussnig' | 'rekord';
}

/** A running bench server: its URL, its database's URL, its process id (for memory samples) and a token. */
export interface BenchServer {
  baseUrl: string;
  databaseUrl: string;
  pid: number;
  /** A bearer token of lena.leitung (APP_KUNDE, Leitung), signed by the server's dev sign-in keys. */
  token: string;
  stop: () => Promise<void>;
}

const tsxEnv = (options: BenchServerOptions) => ({
  ...process.env,
  DATA_DIR: options.dataDir,
  PORT: String(options.port),
  EMBEDDED_PG_PORT: String(options.pgPort),
  TENANT: options.tenant,
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
});

/** Seeds the data set once: a marker file names its size, so a later run reuses it. */
export async function ensureDataSet(options: BenchServerOptions): Promise<string> {
  const marker = path.join(options.dataDir, 'bench-seeded.json');
  const wanted = JSON.stringify({ customers: options.customers, tenant: options.tenant });
  if (existsSync(marker) && (await readFile(marker, 'utf8')) === wanted) return 'wiederverwendet';
  // A data folder seeded by hand (e.g. a copy of the 100,000-customer set) is taken as it is.
  if (process.env.BENCH_DATA_DIR && existsSync(path.join(options.dataDir, 'postgres'))) return 'vorhanden';
  const started = Date.now();
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/dev/seed/seedCli.ts', '--customers', String(options.customers)],
    { cwd: root, env: tsxEnv(options), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (seeded.status !== 0) throw new Error(`Seed fehlgeschlagen (${options.dataDir})`);
  await writeFile(marker, wanted);
  return `neu erzeugt in ${((Date.now() - started) / 1000).toFixed(0)} s`;
}

/** Builds the web app when dist/ is missing (a clean clone); it runs beside the seed, which keeps one core busy. */
export async function ensureBuild(): Promise<string> {
  if (existsSync(path.join(root, 'dist', 'index.html'))) return 'vorhanden';
  const started = Date.now();
  const build = spawn('npx', ['vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const code = await new Promise<number | null>((resolve, reject) => {
    build.once('error', reject);
    build.once('exit', resolve);
  });
  if (code !== 0) throw new Error('vite build fehlgeschlagen');
  return `neu gebaut in ${((Date.now() - started) / 1000).toFixed(0)} s`;
}

async function waitForServer(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Der Server endete beim Start (Code ${child.exitCode}).`);
    try {
      if ((await fetch(`${baseUrl}/api/config`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('Der Server antwortete nicht innerhalb von 3 Minuten.');
}

/** Starts server/main.ts as its own node process (so its RSS can be sampled) and waits until it answers. */
export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: tsxEnv(options),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://localhost:${options.port}`;
  try {
    await waitForServer(baseUrl, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  const { signingKey } = await loadOrCreateDevIdpKeys(options.dataDir);
  const token = await signAccessToken(signingKey, `${baseUrl}/oidc`, ['APP_KUNDE'], {
    oid: '5b0a3c1e-7d1f-4e0a-9a11-0000000a0002',
    name: 'Lena Leitung',
    exp: Math.floor(Date.now() / 1000) + 4 * 3600, // the whole run, however long it takes
  });
  return {
    baseUrl,
    databaseUrl: `postgres://postgres:postgres@localhost:${options.pgPort}/fenster_crm`,
    pid: child.pid!,
    token,
    stop: async () => {
      if (child.exitCode !== null) return;
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    },
  };
}

/** The resident memory (MB) of a process, from /proc (Linux). */
export async function rssMbOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** For a bench CLI against a server started by hand: DATABASE_URL (or DATA_DIR's embedded port) and a token. */
export async function benchServerFromEnv(baseUrl: string) {
  const dataDir = path.resolve(root, process.env.DATA_DIR || 'data');
  const pgPort = process.env.EMBEDDED_PG_PORT || '54329';
  const { signingKey } = await loadOrCreateDevIdpKeys(dataDir);
  const token = await signAccessToken(signingKey, `${baseUrl}/oidc`, ['APP_KUNDE'], {
    oid: '5b0a3c1e-7d1f-4e0a-9a11-0000000a0002',
    name: 'Lena Leitung',
    exp: Math.floor(Date.now() / 1000) + 4 * 3600,
  });
  return {
    baseUrl,
    databaseUrl: process.env.DATABASE_URL || `postgres://postgres:postgres@localhost:${pgPort}/fenster_crm`,
    token,
    zone: process.env.TENANT === 'rekord' ? 'Europe/Berlin' : 'Europe/Vienna',
  };
}
