import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GROUPS } from '../../src/auth/groups';
import { ALLOWED_FILE_TYPES, extensionOf } from '../../src/resources/files/allowedFiles';
import { attachmentHeader } from '../platform/files/fileStore';
import { badRequest, notFound } from '../platform/http/apiError';
import { apiErrors, idParams } from '../platform/http/routeSchemas';
import { errorResponse, wrapped } from '../platform/http/wrapped';
import {
  deleteStoredFile,
  filesOfCustomer,
  findStoredFile,
  insertStoredFile,
  ownerExists,
} from './fileQueries';

const tags = ['Kunden: Dateien'];
const config = { access: { groups: [GROUPS.kunde] } };
const errors = apiErrors;
const storedFile = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    size: { type: 'integer' },
    mimeType: { type: 'string' },
    uploadedBy: { type: ['string', 'null'] },
    uploadedAt: { type: 'string', format: 'date-time' },
    activityId: { type: ['integer', 'null'] },
  },
};

type Owner = { type: 'kunde' | 'aktivitaet'; table: 'customer' | 'activity'; missing: string };
const OWNERS: Record<'kunde' | 'activity', Owner> = {
  kunde: { type: 'kunde', table: 'customer', missing: 'Der Kunde wurde nicht gefunden.' },
  activity: { type: 'aktivitaet', table: 'activity', missing: 'Die Aktivität wurde nicht gefunden.' },
};

/** Files of customers and their activities (SPEC §7 kunde/uploadFile, activity/uploadFile): upload, list, download. */
export async function registerFileRoutes(app: FastifyInstance) {
  const { db, fileStore: store } = app;
  await app.register(multipart, { limits: { fileSize: store.maxBytes, files: 1, fields: 5 } });

  const upload = async (request: FastifyRequest<{ Params: { id: number } }>, owner: Owner) => {
    if (!(await ownerExists(db, owner.table, request.params.id))) throw notFound(owner.missing);
    const part = await request.file();
    if (!part)
      throw badRequest('Bitte wählen Sie eine Datei aus.', { file: 'Bitte wählen Sie eine Datei aus.' });
    return store.save(part, (storedName, size) =>
      insertStoredFile(db, {
        ownerType: owner.type,
        ownerId: request.params.id,
        name: part.filename,
        storedName,
        mimeType: ALLOWED_FILE_TYPES[extensionOf(part.filename)]!,
        size,
        uploadedBy: request.caller!.name,
      }),
    );
  };

  for (const [prefix, owner] of Object.entries(OWNERS)) {
    app.post<{ Params: { id: number } }>(
      `/api/${prefix}/uploadFile/:id`,
      {
        config,
        schema: {
          tags,
          summary: `Datei an ${owner.type === 'kunde' ? 'einen Kunden' : 'eine Aktivität'} hängen (multipart, Feld "file"; Typ und Größe werden geprüft)`,
          params: idParams,
          response: { 200: wrapped(storedFile), ...errors, 413: errorResponse },
        },
      },
      (request) => upload(request, owner),
    );
  }

  app.get<{ Params: { id: number } }>(
    '/api/kunde/getFilesForCustomer/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Die Dateien des Kunden und seiner Aktivitäten, neueste zuerst',
        params: idParams,
        response: { 200: wrapped({ type: 'array', items: storedFile }), ...errors },
      },
    },
    async (request) => {
      return filesOfCustomer(db, request.params.id);
    },
  );

  const fileOf = async (id: number) => {
    const file = await findStoredFile(db, id);
    if (!file) throw notFound('Die Datei wurde nicht gefunden.');
    return file;
  };

  app.get<{ Params: { id: number } }>(
    '/api/kunde/downloadFile/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Datei herunterladen (mit ihrem ursprünglichen Namen)',
        params: idParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const file = await fileOf(request.params.id);
      return reply
        .type(file.mimeType)
        .header('Content-Disposition', attachmentHeader(file.name))
        .header('X-Content-Type-Options', 'nosniff')
        .send(store.read(file.storedName));
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/kunde/deleteFile/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Datei entfernen',
        params: idParams,
        response: { 200: wrapped({ type: 'object', properties: { id: { type: 'integer' } } }), ...errors },
      },
    },
    async (request) => {
      const file = await fileOf(request.params.id);
      await deleteStoredFile(db, request.params.id);
      await store.remove(file.storedName);
      return { id: request.params.id };
    },
  );
}
