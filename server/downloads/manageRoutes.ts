import multipart from '@fastify/multipart';
import type { Database } from '../platform/db/database';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GROUPS } from '../../src/auth/groups';
import {
  createDownloadFolder,
  deleteDownloadItem,
  renameDownloadItem,
  uploadDownloadFile,
} from '../../src/resources/downloads/downloads.endpoints';
import { badRequest, forbidden, notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { findItem, forgetItem, moveKeys, registerEntries } from './downloadQueries';
import type { DownloadSource, ManagedSource, SourceEntry } from './downloadSource';
import { itemOf, mimeOf } from './downloadRoutes';

/** Upload, new folder, rename and delete in the folder source: APP_ADMIN (by declaration) with APP_DATEIEN. */
export async function registerManageRoutes(app: FastifyInstance, source: DownloadSource, maxBytes: number) {
  const { db } = app;
  // preservePath: the name arrives as sent, so "../x.pdf" is refused rather than quietly cut to "x.pdf".
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5 }, preservePath: true });

  function managerOnly(request: FastifyRequest): ManagedSource {
    if (!request.caller!.groups.includes(GROUPS.dateien)) throw forbidden();
    if (!source.manage) {
      throw badRequest('Diese Dateien werden in SharePoint verwaltet; im CRM können sie nur gelesen werden.');
    }
    return source.manage;
  }
  async function itemAt(id: number, folder: boolean) {
    const item = await findItem(db, source.kind, id);
    if (!item || (folder && !item.isFolder)) {
      throw notFound(folder ? 'Der Ordner wurde nicht gefunden.' : 'Der Eintrag wurde nicht gefunden.');
    }
    return item;
  }
  async function registered(parentId: number, entry: SourceEntry, trx: Database = db) {
    const ids = await registerEntries(trx, source.kind, parentId, [entry], mimeOf);
    return itemOf(entry, ids.get(entry.key)!);
  }

  endpointRoute(app, uploadDownloadFile, async (request, _reply, trx) => {
    const manage = managerOnly(request);
    const folder = await itemAt(request.params.id, true);
    const part = await request.file();
    if (!part) {
      throw badRequest('Bitte wählen Sie eine Datei aus.', { file: 'Bitte wählen Sie eine Datei aus.' });
    }
    return registered(folder.id, await manage.upload(folder.key, part), trx);
  });

  endpointRoute(app, createDownloadFolder, async (request, _reply, trx) => {
    const manage = managerOnly(request);
    const folder = await itemAt(request.params.id, true);
    return registered(folder.id, await manage.createFolder(folder.key, request.body.name), trx);
  });

  endpointRoute(app, renameDownloadItem, async (request) => {
    const manage = managerOnly(request);
    const item = await itemAt(request.params.id, false);
    if (item.key === source.rootKey) throw badRequest('Der oberste Ordner kann nicht umbenannt werden.');
    const entry = await manage.rename(item.key, request.body.name);
    await moveKeys(db, source.kind, item.id, item.key, entry.key, entry.name);
    return itemOf(entry, { id: item.id, fileId: item.fileId });
  });

  endpointRoute(app, deleteDownloadItem, async (request) => {
    const manage = managerOnly(request);
    const item = await itemAt(request.params.id, false);
    if (item.key === source.rootKey) throw badRequest('Der oberste Ordner kann nicht gelöscht werden.');
    await manage.remove(item.key);
    await forgetItem(db, item.id);
    return { id: item.id };
  });
}
