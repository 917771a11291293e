import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GROUPS } from '../../src/auth/groups';
import {
  downloadItemFile,
  getSubItemsOfFolder,
  rootContent,
  searchDownloads,
  type DownloadItem,
  type FolderContent,
} from '../../src/resources/downloads/downloads.endpoints';
import { ALLOWED_FILE_TYPES, extensionOf } from '../../src/resources/files/allowedFiles.rules';
import type { Credentials } from '../platform/auth/directory';
import { attachmentHeader } from '../platform/files/fileStore';
import { notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import {
  breadcrumbsOf,
  findItem,
  idOfKey,
  registerEntries,
  registerRoot,
  type RegisteredItem,
} from './downloadQueries';
import type { DownloadSource, SourceEntry } from './downloadSource';

const SEARCH_LIMIT = 50;

/** What a download is served as: the allow-list's type, anything else as plain bytes. */
export const mimeOf = (name: string) => ALLOWED_FILE_TYPES[extensionOf(name)] ?? 'application/octet-stream';

/** An entry of the source as the API shows it. */
export const itemOf = (entry: SourceEntry, ids: { id: number; fileId: number | null }): DownloadItem => ({
  id: ids.id,
  name: entry.name,
  isFolder: entry.isFolder,
  size: entry.size,
  mimeType: entry.isFolder ? null : mimeOf(entry.name),
  modifiedAt: entry.modifiedAt ? entry.modifiedAt.toISOString() : null,
  fileId: ids.fileId,
});

const byFoldersFirstThenName = (a: DownloadItem, b: DownloadItem) =>
  Number(b.isFolder) - Number(a.isFolder) || a.name.localeCompare(b.name, 'de', { numeric: true });

const folderGone = () => notFound('Der Ordner wurde nicht gefunden.');
const fileGone = () => notFound('Die Datei wurde nicht gefunden.');

/** The caller's credentials (every download/ route needs a token, so they are there). */
export const credentialsOf = (request: FastifyRequest): Credentials => request.credentials!;

/**
 * Browsing, search and download of the Dateien area (the client's download/… paths), from whichever source is
 * set up.
 */
export function registerDownloadRoutes(app: FastifyInstance, source: DownloadSource) {
  const { db } = app;
  const rootId = () => registerRoot(db, source.kind, source.rootKey, source.rootName);

  /** A folder's content: listed from the source, every item given its id, folders first. */
  async function contentOf(request: FastifyRequest, folder: RegisteredItem): Promise<FolderContent> {
    const entries = await source.list(credentialsOf(request), folder.key);
    if (!entries) throw folderGone();
    const ids = await registerEntries(db, source.kind, folder.id, entries, mimeOf);
    const items = entries.map((entry) => itemOf(entry, ids.get(entry.key)!)).sort(byFoldersFirstThenName);
    const breadcrumbs = await breadcrumbsOf(db, folder.id);
    const top = await rootId();
    // A folder reached by search in a source that does not name its parents still starts at the top.
    if (breadcrumbs[0]?.id !== top) breadcrumbs.unshift({ id: top, name: source.rootName });
    return {
      folder: { id: folder.id, name: folder.key === source.rootKey ? source.rootName : folder.name },
      breadcrumbs: breadcrumbs.map((crumb) =>
        crumb.id === top ? { id: top, name: source.rootName } : crumb,
      ),
      items,
      canManage: Boolean(source.manage) && request.caller!.groups.includes(GROUPS.admin),
    };
  }

  endpointRoute(app, rootContent, async (request) => {
    const folder = await findItem(db, source.kind, await rootId());
    return contentOf(request, folder!);
  });

  endpointRoute(app, getSubItemsOfFolder, async (request) => {
    const folder = await findItem(db, source.kind, request.params.id);
    if (!folder?.isFolder) throw folderGone();
    return contentOf(request, folder);
  });

  endpointRoute(app, searchDownloads, async (request) => {
    const hits = await source.search(credentialsOf(request), request.query.q.trim(), SEARCH_LIMIT);
    const top = await rootId();
    const results = [];
    for (const hit of hits) {
      let parentId: number | null = top;
      if (hit.ancestors) {
        for (const folder of hit.ancestors) {
          const ids = await registerEntries(db, source.kind, parentId, [
            { ...folder, isFolder: true, size: null, modifiedAt: null },
          ]);
          parentId = ids.get(folder.key)!.id;
        }
      } else {
        parentId = hit.parentKey === null ? null : await idOfKey(db, source.kind, hit.parentKey);
      }
      const ids = await registerEntries(db, source.kind, parentId, [hit], mimeOf);
      results.push({ ...itemOf(hit, ids.get(hit.key)!), folderPath: hit.folderPath, folderId: parentId });
    }
    return results.sort(byFoldersFirstThenName);
  });

  endpointRoute(app, downloadItemFile, async (request, reply) => {
    const item = await findItem(db, source.kind, request.params.id);
    if (!item || item.isFolder) throw fileGone();
    const file = await source.read(credentialsOf(request), item.key);
    if (!file) throw fileGone();
    if (file.size !== null) reply.header('Content-Length', file.size);
    return reply
      .type(mimeOf(item.name))
      .header('Content-Disposition', attachmentHeader(item.name))
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.stream);
  });
}
