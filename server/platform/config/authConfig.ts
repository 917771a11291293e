import path from 'node:path';
import { ConfigError, integer, oneOf, PROJECT_ROOT, required, url } from './envValues';

/** How people sign in: the bundled development sign-in service, or Microsoft Entra ID (AUTH_MODE). */
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

/** The demo users of each tenant: the same people, at the tenant's own sites and with its mail domain. */
export const DEMO_USERS_FILES = {
  strussnig: 'demo-users.json',
  rekord: 'demo-users.rekord.json',
} as const;

/**
 * AUTH_MODE and what it needs: the demo users' file (dev; the tenant's unless DEV_USERS_FILE) or the Entra ID
 * registration (entra).
 */
export function readAuthConfig(
  env: NodeJS.ProcessEnv,
  tenant: keyof typeof DEMO_USERS_FILES,
): DevAuthConfig | EntraAuthConfig {
  return oneOf(env, 'AUTH_MODE', ['dev', 'entra'] as const, 'dev') === 'entra'
    ? readEntraConfig(env)
    : {
        mode: 'dev',
        // The tenant's bundled file beside the code (its sources, or its build in dist-server/).
        devUsersFile: env.DEV_USERS_FILE
          ? path.resolve(PROJECT_ROOT, env.DEV_USERS_FILE)
          : path.resolve(import.meta.dirname, '..', '..', 'dev', 'devIdp', DEMO_USERS_FILES[tenant]),
      };
}
