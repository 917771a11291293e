import path from 'node:path';

/** The server's configuration, read once from the environment at start-up. */
export interface ServerConfig {
  port: number;
  host: string;
  /** The origin staff open in their browser; sign-in redirects and the token issuer derive from it. */
  publicUrl: string;
  /** External PostgreSQL; when absent the server starts its embedded one. */
  databaseUrl?: string;
  embeddedPostgres: { dir: string; port: number };
  dataDir: string;
  /** Where the built web app lives; served on the same port when present. */
  webRoot: string;
  tenant: 'strussnig' | 'rekord';
  demo: boolean;
  seedDemoData: boolean;
  /** How many customers the first start generates (Vorgänge, Belege … scale with it). */
  seedCustomers: number;
  auth: { mode: 'dev'; devUsersFile: string };
  logLevel: string;
}

/** A configuration error whose message names the bad variable in German. */
export class ConfigError extends Error {}

const root = path.resolve(import.meta.dirname, '..', '..');

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(
      `Die Umgebungsvariable ${name} muss eine ganze Zahl von ${min} bis ${max} sein (ist: "${raw}").`,
    );
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'ja'].includes(raw.toLowerCase())) return true;
  if (['false', '0', 'nein'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`Die Umgebungsvariable ${name} muss "true" oder "false" sein (ist: "${raw}").`);
}

function oneOf<T extends string>(
  env: NodeJS.ProcessEnv,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(
      `Die Umgebungsvariable ${name} muss einer dieser Werte sein: ${allowed.join(', ')} (ist: "${raw}").`,
    );
  }
  return raw as T;
}

function url(env: NodeJS.ProcessEnv, name: string, fallback: string | undefined): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  try {
    new URL(raw);
  } catch {
    throw new ConfigError(`Die Umgebungsvariable ${name} muss eine gültige URL sein (ist: "${raw}").`);
  }
  return raw.replace(/\/$/, '');
}

/** Reads and validates the environment; throws a ConfigError naming the first bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer(env, 'PORT', 3000, 1, 65535);
  const dataDir = path.resolve(root, env.DATA_DIR || 'data');
  const databaseUrl = url(env, 'DATABASE_URL', undefined);
  return {
    port,
    host: env.HOST || 'localhost',
    publicUrl: url(env, 'PUBLIC_URL', `http://localhost:${port}`)!,
    databaseUrl,
    embeddedPostgres: {
      dir: path.join(dataDir, 'postgres'),
      port: integer(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
    },
    dataDir,
    webRoot: path.resolve(root, env.WEB_ROOT || 'dist'),
    tenant: oneOf(env, 'TENANT', ['strussnig', 'rekord'] as const, 'strussnig'),
    demo: flag(env, 'DEMO', !databaseUrl),
    seedDemoData: flag(env, 'SEED_DEMO_DATA', true),
    seedCustomers: integer(env, 'SEED_CUSTOMERS', 2000, 1, 1_000_000),
    auth: {
      mode: oneOf(env, 'AUTH_MODE', ['dev'] as const, 'dev'),
      devUsersFile: path.resolve(root, env.DEV_USERS_FILE || 'server/auth/devIdp/demo-users.json'),
    },
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
  };
}
