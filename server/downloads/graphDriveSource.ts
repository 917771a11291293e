import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ApiError } from '../platform/http/apiError';
import { fetchGraphPages } from '../platform/auth/entra/graphPages';
import type { Credentials } from '../platform/auth/directory';
import type { VerifiedToken } from '../platform/auth/verifyToken';
import type { DownloadSource, SourceEntry, SourceHit } from './downloadSource';

export interface GraphDriveOptions {
  graphBaseUrl: string;
  /** The SharePoint site whose default document library is shown (SHAREPOINT_SITE_ID). */
  siteId: string;
  graphTokenFor: (token: VerifiedToken, rawToken: string) => Promise<string>;
  log?: (message: string, error: unknown) => void;
}

interface DriveItem {
  id: string;
  name: string;
  size?: number;
  lastModifiedDateTime?: string;
  folder?: object;
  file?: object;
  parentReference?: { id?: string; path?: string };
}

const FIELDS = '$select=id,name,size,lastModifiedDateTime,folder,file,parentReference';
// Drive item ids are letters, digits and a few marks; anything else never reaches a Graph URL.
const ITEM_ID = /^[A-Za-z0-9!_.-]{1,200}$/;

const sharePointUnavailable = () =>
  new ApiError(
    503,
    'SharePoint (Microsoft Graph) ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
  );

const entryOf = (item: DriveItem): SourceEntry => ({
  key: item.id,
  name: item.name,
  isFolder: Boolean(item.folder),
  size: item.folder ? null : (item.size ?? null),
  modifiedAt: item.lastModifiedDateTime ? new Date(item.lastModifiedDateTime) : null,
});

// "/drive/root:/Prospekte/2026" → "Prospekte / 2026"
const folderPathOf = (parentPath?: string) =>
  decodeURIComponent(parentPath?.split('root:')[1] ?? '')
    .split('/')
    .filter(Boolean)
    .join(' / ');

/**
 * The SharePoint source: the site's document library through Microsoft Graph on behalf of the caller
 * (so SharePoint's own permissions apply), collections paged with @odata.nextLink. Read-only in the CRM.
 */
export function createGraphDriveSource(options: GraphDriveOptions): DownloadSource {
  const drive = `/v1.0/sites/${encodeURIComponent(options.siteId)}/drive`;
  const itemPath = (key: string) => (key === 'root' ? `${drive}/root` : `${drive}/items/${key}`);

  async function asCaller<T>(credentials: Credentials, work: (graphToken: string) => Promise<T>) {
    try {
      return await work(await options.graphTokenFor(credentials.token, credentials.raw));
    } catch (error) {
      options.log?.('SharePoint (Microsoft Graph) nicht lesbar', error);
      throw sharePointUnavailable();
    }
  }
  const get = (graphToken: string, path: string) =>
    fetch(`${options.graphBaseUrl}${path}`, { headers: { Authorization: `Bearer ${graphToken}` } });

  async function stat(credentials: Credentials, key: string): Promise<DriveItem | null> {
    if (!ITEM_ID.test(key)) return null;
    return asCaller(credentials, async (graphToken) => {
      const response = await get(graphToken, `${itemPath(key)}?${FIELDS}`);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`Graph antwortet ${response.status}`);
      return (await response.json()) as DriveItem;
    });
  }

  return {
    kind: 'sharepoint',
    rootKey: 'root',
    rootName: 'Dateien',
    async list(credentials, folderKey) {
      if (!ITEM_ID.test(folderKey)) return null;
      const items = await asCaller(credentials, (graphToken) =>
        fetchGraphPages<DriveItem>(
          options.graphBaseUrl,
          `${itemPath(folderKey)}/children?${FIELDS}&$top=200`,
          graphToken,
        ).catch((error: Error) => {
          if (error.message.endsWith(' 404')) return null;
          throw error;
        }),
      );
      return items && items.filter((item) => item.folder || item.file).map(entryOf);
    },
    async stat(credentials, key) {
      const item = await stat(credentials, key);
      return item ? { ...entryOf(item), name: key === 'root' ? '' : item.name } : null;
    },
    async read(credentials, key) {
      const item = await stat(credentials, key);
      if (!item?.file) return null;
      return asCaller(credentials, async (graphToken) => {
        // Graph answers with a redirect to a short-lived download URL; fetch follows it and, the host
        // being another, does not carry the bearer token along.
        const response = await get(graphToken, `${itemPath(key)}/content`);
        if (response.status === 404) return null;
        if (!response.ok || !response.body) throw new Error(`Graph antwortet ${response.status}`);
        return {
          stream: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
          size: item.size ?? null,
        };
      });
    },
    async search(credentials, text, limit) {
      const query = encodeURIComponent(text.replace(/'/g, "''"));
      const items = await asCaller(credentials, (graphToken) =>
        fetchGraphPages<DriveItem>(
          options.graphBaseUrl,
          `${drive}/root/search(q='${query}')?${FIELDS}&$top=${limit}`,
          graphToken,
        ),
      );
      const needle = text.toLocaleLowerCase('de');
      // Graph also finds words inside documents; the area searches names, as the folder source does.
      return items
        .filter((item) => (item.folder || item.file) && item.name.toLocaleLowerCase('de').includes(needle))
        .slice(0, limit)
        .map((item): SourceHit => ({
          ...entryOf(item),
          parentKey: item.parentReference?.id ?? null,
          ancestors: null,
          folderPath: folderPathOf(item.parentReference?.path),
        }));
    },
  };
}
