import path from 'node:path';
import { COMPONENT_THEME_IDS } from '../../../src/config/appearance';
import type { UiConfig } from '../../../src/config/clientConfig';
import { TENANTS } from './tenants';
import { timeZoneOf, type TimeZoneName } from '../../../src/config/companyTime';

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
  /** Folder the ERP drops its export into; Admin → Datenabgleich reads it (docs/import-format.md). */
  importDir: string;
  /** Uploaded files (customers, activities), outside the web root under generated names (FILE_STORE=ordner). */
  filesDir: string;
  /** FILE_STORE=azure: the uploaded files in an Azure Blob Storage container every instance shares. */
  azureBlob?: { connectionString: string; container: string };
  /** Where the Dateien area's files come from (DOWNLOADS_SOURCE; docs/entra-setup.md for SharePoint). */
  downloads: DownloadsConfig;
  /** Largest upload accepted, in bytes (MAX_UPLOAD_MB). */
  maxUploadBytes: number;
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
  /** What the web app shows around every screen (its environment configuration). */
  ui: UiConfig;
  logLevel: string;
}

/** The Dateien area's source: a folder on this server, or a SharePoint site's document library. */
export type DownloadsConfig = { source: 'ordner'; dir: string } | { source: 'sharepoint'; siteId: string };

export interface DevAuthConfig {
  mode: 'dev';
  devUsersFile: string;
}

/** Sign-in with Microsoft Entra ID (docs/entra-setup.md explains each value). */
export interface EntraAuthConfig {
  mode: 'entra';
  /** Client id of the SPA registration (the browser signs in with it). */
  spaClientId: string;
  /** Client id of the API registration (audience of v2 tokens; confidential client for on-behalf-of). */
  apiClientId: string;
  /** Application ID URI of the API, e.g. api://<api-client-id>. */
  apiAudience: string;
  /** Name of the exposed API scope, e.g. access_as_user. */
  apiScope: string;
  authority: string;
  /** Tenants whose accounts may use the CRM; '*' only outside production. */
  allowedTenants: readonly string[] | '*';
  jwksUrl: string;
  graphBaseUrl: string;
  /** Where group names come from: Graph on behalf of the user, app roles, or (development only) the token. */
  groupsFrom: 'graph' | 'roles' | 'claims';
  clientSecret?: string;
  certificate?: { thumbprintSha256: string; privateKeyFile: string };
  groupCacheSeconds: number;
  groupCacheSize: number;
}

/** A configuration error whose message names the bad variable in German. */
export class ConfigError extends Error {}

const root = path.resolve(import.meta.dirname, '..', '..', '..');

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

function required(env: NodeJS.ProcessEnv, name: string, why: string): string {
  const raw = env[name]?.trim();
  if (!raw) throw new ConfigError(`Die Umgebungsvariable ${name} fehlt (${why}).`);
  return raw;
}

function readEntraConfig(env: NodeJS.ProcessEnv): EntraAuthConfig {
  const apiClientId = required(env, 'ENTRA_API_CLIENT_ID', 'Client-ID der API-Registrierung');
  const tenants = required(
    env,
    'ENTRA_ALLOWED_TENANTS',
    'kommagetrennte Mandanten-IDs, die sich anmelden dürfen',
  );
  const allowedTenants =
    tenants === '*'
      ? '*'
      : tenants
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean);
  if (allowedTenants !== '*' && allowedTenants.some((t) => !/^[0-9a-f-]{36}$/i.test(t))) {
    throw new ConfigError(
      'Die Umgebungsvariable ENTRA_ALLOWED_TENANTS muss Mandanten-IDs (GUIDs) enthalten.',
    );
  }
  const certificateKey = env.ENTRA_CERT_KEY_FILE?.trim();
  const config: EntraAuthConfig = {
    mode: 'entra',
    spaClientId: required(env, 'ENTRA_CLIENT_ID', 'Client-ID der SPA-Registrierung'),
    apiClientId,
    apiAudience: env.ENTRA_API_AUDIENCE?.trim() || `api://${apiClientId}`,
    apiScope: env.ENTRA_API_SCOPE?.trim() || 'access_as_user',
    authority: url(env, 'ENTRA_AUTHORITY', 'https://login.microsoftonline.com/organizations')!,
    allowedTenants,
    jwksUrl: url(env, 'ENTRA_JWKS_URL', 'https://login.microsoftonline.com/common/discovery/v2.0/keys')!,
    graphBaseUrl: url(env, 'GRAPH_BASE_URL', 'https://graph.microsoft.com')!,
    groupsFrom: oneOf(env, 'ENTRA_GROUPS_FROM', ['graph', 'roles', 'claims'] as const, 'graph'),
    clientSecret: env.ENTRA_CLIENT_SECRET?.trim() || undefined,
    certificate: certificateKey
      ? {
          thumbprintSha256: required(env, 'ENTRA_CERT_THUMBPRINT', 'SHA-256-Fingerabdruck des Zertifikats'),
          privateKeyFile: certificateKey,
        }
      : undefined,
    groupCacheSeconds: integer(env, 'GROUP_CACHE_SECONDS', 600, 10, 3600),
    groupCacheSize: integer(env, 'GROUP_CACHE_SIZE', 5000, 10, 1_000_000),
  };
  // Graph on behalf of the user: the groups (ENTRA_GROUPS_FROM=graph) and Admin-Benutzer's directory.
  if (!config.clientSecret && !config.certificate) {
    throw new ConfigError(
      'Die API braucht ENTRA_CLIENT_SECRET oder ENTRA_CERT_KEY_FILE, um Microsoft Graph im Namen der Person zu fragen (Gruppen, Verzeichnis in Admin-Benutzer).',
    );
  }
  return config;
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

function matching(env: NodeJS.ProcessEnv, name: string, pattern: RegExp, example: string, fallback: string) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!pattern.test(raw)) {
    throw new ConfigError(`Die Umgebungsvariable ${name} muss wie "${example}" aussehen (ist: "${raw}").`);
  }
  return raw;
}

/** A path on this server ("/…") or an absolute http(s) URL. */
function location(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw.replace(/\/$/, '') || '/';
  return url(env, name, fallback)!;
}

function readUiConfig(
  env: NodeJS.ProcessEnv,
  tenant: keyof typeof TENANTS,
  publicUrl: string,
  production: boolean,
): UiConfig {
  const assets = `/tenants/${tenant}`;
  return {
    environmentName: env.ENVIRONMENT_NAME?.trim() || (production ? 'Produktion' : 'Entwicklung'),
    apiBaseUrl: location(env, 'API_BASE_URL', '/api'),
    redirectUrl: url(env, 'REDIRECT_URL', `${publicUrl}/auth-callback`)!,
    releaseDate: matching(env, 'RELEASE_DATE', /^\d{2}\.\d{2}\.\d{4}$/, '30.09.2023', '30.09.2023'),
    releaseDatePanel: matching(
      env,
      'RELEASE_DATE_PANEL',
      /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/,
      '27.05.2025 15:05',
      '27.05.2025 15:05',
    ),
    theme: oneOf(env, 'THEME', COMPONENT_THEME_IDS, 'orange'),
    loginTitle: env.LOGIN_TITLE?.trim() || TENANTS[tenant].loginTitle,
    favicon: location(env, 'FAVICON', `${assets}/favicon.svg`),
    sidebarLogo: location(env, 'SIDEBAR_LOGO', `${assets}/logo.svg`),
    manualUrl: location(env, 'MANUAL_URL', `${assets}/handbuch.pdf`),
  };
}

function readDownloadsConfig(env: NodeJS.ProcessEnv, dataDir: string): DownloadsConfig {
  if (oneOf(env, 'DOWNLOADS_SOURCE', ['ordner', 'sharepoint'] as const, 'ordner') === 'ordner') {
    return {
      source: 'ordner',
      dir: path.resolve(root, env.DOWNLOADS_DIR || path.join(dataDir, 'downloads')),
    };
  }
  if (env.AUTH_MODE !== 'entra') {
    throw new ConfigError(
      'DOWNLOADS_SOURCE=sharepoint braucht die Anmeldung mit Microsoft Entra ID (AUTH_MODE=entra).',
    );
  }
  return {
    source: 'sharepoint',
    siteId: required(
      env,
      'SHAREPOINT_SITE_ID',
      'die SharePoint-Website der Dateien, z. B. firma.sharepoint.com,<guid>,<guid>',
    ),
  };
}

/** The file store: this server's folder (default, one box) or an Azure Blob Storage container (several). */
function readAzureBlobConfig(env: NodeJS.ProcessEnv): ServerConfig['azureBlob'] {
  if (oneOf(env, 'FILE_STORE', ['ordner', 'azure'] as const, 'ordner') === 'ordner') return undefined;
  return {
    connectionString: required(
      env,
      'AZURE_STORAGE_CONNECTION_STRING',
      'Verbindungszeichenfolge des Speicherkontos aus dem Azure-Portal, für FILE_STORE=azure',
    ),
    // Azure's rule for container names: 3 to 63 lower-case letters, digits and single hyphens.
    container: matching(
      env,
      'AZURE_STORAGE_CONTAINER',
      /^(?=.{3,63}$)[a-z0-9]+(-[a-z0-9]+)*$/,
      'fenster-crm-dateien',
      'fenster-crm-dateien',
    ),
  };
}

/** Reads and validates the environment; throws a ConfigError naming the first bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer(env, 'PORT', 3000, 1, 65535);
  const dataDir = path.resolve(root, env.DATA_DIR || 'data');
  const databaseUrl = url(env, 'DATABASE_URL', undefined);
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${port}`)!;
  const tenant = oneOf(env, 'TENANT', ['strussnig', 'rekord'] as const, 'strussnig');
  const production = flag(env, 'PRODUCTION', false);
  return {
    port,
    host: env.HOST || 'localhost',
    publicUrl,
    databaseUrl,
    embeddedPostgres: {
      dir: path.join(dataDir, 'postgres'),
      port: integer(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
    },
    dataDir,
    importDir: path.resolve(root, env.IMPORT_DIR || path.join(dataDir, 'import')),
    filesDir: path.resolve(root, env.FILES_DIR || path.join(dataDir, 'files')),
    azureBlob: readAzureBlobConfig(env),
    maxUploadBytes: integer(env, 'MAX_UPLOAD_MB', 20, 1, 500) * 1024 * 1024,
    downloads: readDownloadsConfig(env, dataDir),
    smtpUrl: url(env, 'SMTP_URL', undefined),
    webRoot: path.resolve(root, env.WEB_ROOT || 'dist'),
    tenant,
    timeZone: timeZoneOf(tenant),
    demo: flag(env, 'DEMO', !databaseUrl),
    seedDemoData: flag(env, 'SEED_DEMO_DATA', true),
    seedCustomers: integer(env, 'SEED_CUSTOMERS', 2000, 1, 1_000_000),
    production,
    ui: readUiConfig(env, tenant, publicUrl, production),
    auth:
      oneOf(env, 'AUTH_MODE', ['dev', 'entra'] as const, 'dev') === 'entra'
        ? readEntraConfig(env)
        : {
            mode: 'dev',
            devUsersFile: path.resolve(root, env.DEV_USERS_FILE || 'server/dev/devIdp/demo-users.json'),
          },
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
  };
}
