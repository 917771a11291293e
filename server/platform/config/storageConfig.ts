import path from 'node:path';
import { ConfigError, matching, oneOf, PROJECT_ROOT, required } from './envValues';

/** The Dateien area's source: a folder on this server, or a SharePoint site's document library. */
export type DownloadsConfig = { source: 'ordner'; dir: string } | { source: 'sharepoint'; siteId: string };

/** FILE_STORE=azure: the uploaded files in an Azure Blob Storage container every instance shares. */
export interface AzureBlobConfig {
  connectionString: string;
  container: string;
}

export function readDownloadsConfig(env: NodeJS.ProcessEnv, dataDir: string): DownloadsConfig {
  if (oneOf(env, 'DOWNLOADS_SOURCE', ['ordner', 'sharepoint'] as const, 'ordner') === 'ordner') {
    return {
      source: 'ordner',
      dir: path.resolve(PROJECT_ROOT, env.DOWNLOADS_DIR || path.join(dataDir, 'downloads')),
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
export function readAzureBlobConfig(env: NodeJS.ProcessEnv): AzureBlobConfig | undefined {
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
