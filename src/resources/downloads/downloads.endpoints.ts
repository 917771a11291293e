import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { IdParams, NullableInteger, NullableString } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const read = { groups: [GROUPS.dateien] };
// Managing is for admins; the handlers also require APP_DATEIEN (every download/ call needs the area).
const manage = { groups: [GROUPS.admin] };
const tags = ['Dateien'];

/** A file or folder of the Dateien area; the id is all the client ever names it by. */
export const DownloadItemSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  isFolder: Type.Boolean(),
  /** Bytes (files only). */
  size: NullableInteger(),
  mimeType: NullableString(),
  modifiedAt: NullableString(),
  /** The stored file id that analytics/trackFileDownload/{id} counts (files only). */
  fileId: NullableInteger(),
});
export type DownloadItem = Type.Static<typeof DownloadItemSchema>;

const Crumb = Type.Object({ id: Type.Integer(), name: Type.String() });

/** A folder's content: the folder, the way to it from the top, its items (folders first, by name). */
export const FolderContentSchema = Type.Object({
  folder: Crumb,
  breadcrumbs: Type.Array(Crumb),
  items: Type.Array(DownloadItemSchema),
  /** The caller may upload, create, rename and delete here (APP_ADMIN and a writable source). */
  canManage: Type.Boolean(),
});
export type FolderContent = Type.Static<typeof FolderContentSchema>;

/** The top folder of the Dateien area. */
export const rootContent = defineEndpoint({
  method: 'GET',
  path: 'download/rootContent',
  access: read,
  tags,
  summary: 'Inhalt des obersten Ordners (Ordner zuerst, nach Name)',
  response: FolderContentSchema,
});

/** The content of one folder. */
export const getSubItemsOfFolder = defineEndpoint({
  method: 'GET',
  path: 'download/getSubItemsOfFolder/:id',
  access: read,
  tags,
  summary: 'Inhalt eines Ordners (Ordner zuerst, nach Name) mit dem Weg dorthin',
  params: IdParams,
  response: FolderContentSchema,
});

/** Files and folders whose name contains the text, in every folder. */
export const searchDownloads = defineEndpoint({
  method: 'GET',
  path: 'download/search',
  access: read,
  tags,
  summary: 'Dateien und Ordner suchen (Name enthält den Text, in allen Ordnern)',
  query: Type.Object({ q: Type.String({ minLength: 2, maxLength: 100 }) }),
  response: Type.Array(
    Type.Object({ ...DownloadItemSchema.properties, folderPath: Type.String(), folderId: NullableInteger() }),
  ),
});

/** A file's bytes under its original name (attachment, nosniff). */
export const downloadItemFile = defineEndpoint({
  method: 'GET',
  path: 'download/file/:id',
  access: read,
  tags,
  summary: 'Datei herunterladen (mit ihrem ursprünglichen Namen)',
  kind: 'file',
  params: IdParams,
});

/** Uploads a file into a folder (multipart field "file"; same types and size limit as customer files). */
export const uploadDownloadFile = defineEndpoint({
  method: 'POST',
  path: 'download/uploadFile/:id',
  idempotent: true,
  access: manage,
  tags,
  summary: 'Datei in einen Ordner hochladen (multipart, Feld "file"; Typ und Größe werden geprüft)',
  kind: 'upload',
  params: IdParams,
  response: DownloadItemSchema,
});

const NameBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 400 }) });

/** Creates a folder inside a folder. */
export const createDownloadFolder = defineEndpoint({
  method: 'POST',
  path: 'download/createFolder/:id',
  idempotent: true,
  access: manage,
  tags,
  summary: 'Neuen Ordner anlegen',
  params: IdParams,
  body: NameBody,
  response: DownloadItemSchema,
});

/** Renames a file or folder. */
export const renameDownloadItem = defineEndpoint({
  method: 'PUT',
  path: 'download/rename/:id',
  access: manage,
  tags,
  summary: 'Datei oder Ordner umbenennen',
  params: IdParams,
  body: NameBody,
  response: DownloadItemSchema,
});

/** Deletes a file or a folder with everything in it. */
export const deleteDownloadItem = defineEndpoint({
  method: 'DELETE',
  path: 'download/delete/:id',
  access: manage,
  tags,
  summary: 'Datei oder Ordner (mit Inhalt) löschen',
  params: IdParams,
  response: Type.Object({ id: Type.Integer() }),
});
