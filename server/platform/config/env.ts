import { hostname } from 'node:os';
import path from 'node:path';
import type { UiConfig } from '../../../src/config/clientConfig';
import { timeZoneOf, type TimeZoneName } from '../../../src/config/companyTime';
import { readAuthConfig, type DevAuthConfig, type EntraAuthConfig } from './authConfig';
import { flag, integer, matching, oneOf, PROJECT_ROOT, url } from './envValues';
import { readMicrosoft365Config, type Microsoft365Config } from './microsoft365Config';
import { readNetworkAccess, type NetworkAccessConfig } from './networkAccess';
import {
  readAzureBlobConfig,
  readDownloadsConfig,
  type AzureBlobConfig,
  type DownloadsConfig,
} from './storageConfig';
import { readUiConfig } from './uiConfig';

// The configuration is read by subject (sign-in, file stores, the web app's frame), each from its own file; the
// readers of single values (numbers, flags, URLs) are in envValues.ts. What callers import stays here.
export { ConfigError } from './envValues';
export type { DevAuthConfig, DownloadsConfig, EntraAuthConfig };

/** The server's configuration, read once from the environment at start-up. */
export interface ServerConfig {
  port: number;
  host: string;
  /** The origin staff open in their browser; sign-in redirects and the token issuer derive from it. */
  publicUrl: string;
  /** External PostgreSQL; when absent the server starts its embedded one. */
  databaseUrl?: string;
  /**
   * DATABASE_DIRECT_URL: the same database without the pooler, when DATABASE_URL goes through PgBouncer in
   * transaction mode: migrations and LISTEN use it, and the pool sends no named prepared statements.
   */
  databaseDirectUrl?: string;
  /** DATABASE_REPLICA_URL: a streaming replica for reports, exports, dashboard figures and the search. */
  databaseReplicaUrl?: string;
  /** REPLICA_MAX_LAG_MS: a replica further behind is bypassed; also how long a person's writes read the primary. */
  replicaMaxLagMs: number;
  embeddedPostgres: { dir: string; port: number };
  dataDir: string;
  /** Folder the ERP drops its export into; Admin → Datenabgleich reads it (docs/import-format.md). */
  importDir: string;
  /** Uploaded files (customers, activities), outside the web root under generated names (FILE_STORE=ordner). */
  filesDir: string;
  /** FILE_STORE=azure: the uploaded files in an Azure Blob Storage container every instance shares. */
  azureBlob?: AzureBlobConfig;
  /** Where the Dateien area's files come from (DOWNLOADS_SOURCE; docs/entra-setup.md for SharePoint). */
  downloads: DownloadsConfig;
  /** Largest upload accepted, in bytes (MAX_UPLOAD_MB). */
  maxUploadBytes: number;
  /** A bulk change of more records needs APP_ADMIN_VERKAUF or APP_ADMIN (BULK_MASS_CHANGE_LIMIT). */
  bulkMassLimit: number;
  /** SMTP server for mails to customers (smtp://user:pass@host:587); absent: the built-in mail catcher. */
  smtpUrl?: string;
  /** Where the built web app lives; served on the same port when present. */
  webRoot: string;
  tenant: 'strussnig' | 'rekord';
  /** The company's time zone (the tenant's): what "heute" and "überfällig" mean (src/config/companyTime.ts). */
  timeZone: TimeZoneName;
  demo: boolean;
  seedDemoData: boolean;
  /** How many customers the first start generates (Vorgänge, Belege … scale with it). */
  seedCustomers: number;
  /** Production: refuses development settings at start-up (see productionGuard.ts). */
  production: boolean;
  auth: DevAuthConfig | EntraAuthConfig;
  /** Outlook calendar and mail per person (docs/entra-setup.md); off without M365_TOKEN_KEY. */
  microsoft365?: Microsoft365Config;
  /** What the web app shows around every screen (its environment configuration). */
  ui: UiConfig;
  /** SIGTERM: readiness 503 for `delayMs` while still serving, then in-flight requests get `timeoutMs`. */
  shutdown: { delayMs: number; timeoutMs: number };
  logLevel: string;
  /** Names this instance in the answers' `X-Instance` header and on each log line: INSTANCE_NAME, else host:port. */
  instanceName: string;
  /** Trusted proxies and who may read /metrics (TRUST_PROXY, METRICS_ALLOW, METRICS_TOKEN). */
  network: NetworkAccessConfig;
}

/** Reads and validates the environment; throws a ConfigError naming the first bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer(env, 'PORT', 3000, 1, 65535);
  const dataDir = path.resolve(PROJECT_ROOT, env.DATA_DIR || 'data');
  const databaseUrl = url(env, 'DATABASE_URL', undefined);
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${port}`)!;
  const tenant = oneOf(env, 'TENANT', ['strussnig', 'rekord'] as const, 'strussnig');
  const production = flag(env, 'PRODUCTION', false);
  return {
    port,
    host: env.HOST || 'localhost',
    publicUrl,
    databaseUrl,
    databaseDirectUrl: url(env, 'DATABASE_DIRECT_URL', undefined),
    databaseReplicaUrl: url(env, 'DATABASE_REPLICA_URL', undefined),
    replicaMaxLagMs: integer(env, 'REPLICA_MAX_LAG_MS', 5000, 100, 600_000),
    embeddedPostgres: {
      dir: path.join(dataDir, 'postgres'),
      port: integer(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
    },
    dataDir,
    importDir: path.resolve(PROJECT_ROOT, env.IMPORT_DIR || path.join(dataDir, 'import')),
    filesDir: path.resolve(PROJECT_ROOT, env.FILES_DIR || path.join(dataDir, 'files')),
    azureBlob: readAzureBlobConfig(env),
    maxUploadBytes: integer(env, 'MAX_UPLOAD_MB', 20, 1, 500) * 1024 * 1024,
    downloads: readDownloadsConfig(env, dataDir),
    bulkMassLimit: integer(env, 'BULK_MASS_CHANGE_LIMIT', 100, 1, 1_000_000),
    smtpUrl: url(env, 'SMTP_URL', undefined),
    webRoot: path.resolve(PROJECT_ROOT, env.WEB_ROOT || 'dist'),
    tenant,
    timeZone: timeZoneOf(tenant),
    demo: flag(env, 'DEMO', !databaseUrl),
    seedDemoData: flag(env, 'SEED_DEMO_DATA', true),
    seedCustomers: integer(env, 'SEED_CUSTOMERS', 2000, 1, 1_000_000),
    production,
    ui: readUiConfig(env, tenant, publicUrl, production),
    auth: readAuthConfig(env, tenant),
    microsoft365: readMicrosoft365Config(env),
    shutdown: {
      delayMs: integer(env, 'SHUTDOWN_DELAY_MS', 2000, 0, 120_000),
      timeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 20_000, 0, 600_000),
    },
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
    network: readNetworkAccess(env),
    instanceName: matching(
      env,
      'INSTANCE_NAME',
      /^[A-Za-z0-9._:-]{1,64}$/,
      'crm-vm1:3101',
      `${hostname()}:${port}`,
    ),
  };
}
