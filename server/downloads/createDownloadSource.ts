import type { ServerConfig } from '../platform/config/env';
import type { VerifiedToken } from '../platform/auth/verifyToken';
import type { DownloadSource } from './downloadSource';
import { createFolderSource } from './folderSource';
import { createGraphDriveSource } from './graphDriveSource';

/**
 * The Dateien area's source as configured: SharePoint through Graph (Entra sign-in), or the folder,
 * which a demo fills with a few generated documents on its first start.
 */
export async function createDownloadSource(
  config: ServerConfig,
  graphTokenFor?: (token: VerifiedToken, rawToken: string) => Promise<string>,
): Promise<DownloadSource> {
  const { downloads } = config;
  if (downloads.source === 'sharepoint') {
    if (config.auth.mode !== 'entra' || !graphTokenFor) throw new Error('SharePoint braucht AUTH_MODE=entra');
    return createGraphDriveSource({
      graphBaseUrl: config.auth.graphBaseUrl,
      siteId: downloads.siteId,
      graphTokenFor,
      log: (message, error) => console.error(message, error),
    });
  }
  if (config.demo) {
    const { provideDemoDownloads } = await import('./demoDownloads');
    await provideDemoDownloads(downloads.dir);
  }
  return createFolderSource(downloads.dir, config.maxUploadBytes);
}
