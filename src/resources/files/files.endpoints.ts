import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { IdParams, NullableInteger, NullableString, Timestamp } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const access = { groups: [GROUPS.kunde] };
const tags = ['Kunden: Dateien'];

/** A stored customer or activity file as lists and uploads answer it. */
export const StoredFileSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  size: Type.Integer(),
  mimeType: Type.String(),
  uploadedBy: NullableString(),
  uploadedAt: Timestamp(),
  activityId: Type.Optional(NullableInteger()),
});
export type StoredFile = Type.Static<typeof StoredFileSchema>;

/** Attaches a file to a customer (multipart field "file"; type and size are checked). */
export const uploadCustomerFile = defineEndpoint({
  method: 'POST',
  path: 'kunde/uploadFile/:id',
  idempotent: true,
  access,
  tags,
  summary: 'Datei an einen Kunden hängen (multipart, Feld "file"; Typ und Größe werden geprüft)',
  kind: 'upload',
  params: IdParams,
  response: StoredFileSchema,
});

/** Attaches a file to an activity (multipart field "file"; type and size are checked). */
export const uploadActivityFile = defineEndpoint({
  method: 'POST',
  path: 'activity/uploadFile/:id',
  idempotent: true,
  access,
  tags,
  summary: 'Datei an eine Aktivität hängen (multipart, Feld "file"; Typ und Größe werden geprüft)',
  kind: 'upload',
  params: IdParams,
  response: StoredFileSchema,
});

/** The files of a customer and of its activities, newest first. */
export const getFilesForCustomer = defineEndpoint({
  method: 'GET',
  path: 'kunde/getFilesForCustomer/:id',
  access,
  tags,
  summary: 'Die Dateien des Kunden und seiner Aktivitäten, neueste zuerst',
  params: IdParams,
  response: Type.Array(StoredFileSchema),
});

/** The files hung on one activity, oldest first (its dialog and timeline entry list them). */
export const getFilesForActivity = defineEndpoint({
  method: 'GET',
  path: 'activity/getFiles/:id',
  access,
  tags,
  summary: 'Die Dateien einer Aktivität, älteste zuerst',
  params: IdParams,
  response: Type.Array(StoredFileSchema),
});

/** A stored file's bytes under its original name. */
export const downloadFile = defineEndpoint({
  method: 'GET',
  path: 'kunde/downloadFile/:id',
  access,
  tags,
  summary: 'Datei herunterladen (mit ihrem ursprünglichen Namen)',
  kind: 'file',
  params: IdParams,
});

/** Removes a stored file. */
export const deleteFile = defineEndpoint({
  method: 'DELETE',
  path: 'kunde/deleteFile/:id',
  access,
  tags,
  summary: 'Datei entfernen',
  params: IdParams,
  response: Type.Object({ id: Type.Integer() }),
});
