import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { GROUPS } from '../../src/auth/groups';
import { ALLOWED_FILE_TYPES, extensionOf } from '../../src/resources/files/allowedFiles.rules';
import { attachmentHeader } from '../platform/files/fileStore';
import { badRequest, notFound } from '../platform/http/apiError';
import { apiErrors, idParams } from '../platform/http/routeSchemas';
import { errorResponse, wrapped } from '../platform/http/wrapped';

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
    const { rows } =
      await sql`SELECT 1 FROM ${sql.table(owner.table)} WHERE id = ${request.params.id}`.execute(db);
    if (!rows.length) throw notFound(owner.missing);
    const part = await request.file();
    if (!part)
      throw badRequest('Bitte wählen Sie eine Datei aus.', { file: 'Bitte wählen Sie eine Datei aus.' });
    return store.save(part, async (storedName, size) => {
      const { rows: saved } = await sql`
        INSERT INTO stored_file (owner_type, owner_id, original_name, stored_name, mime_type, size_bytes, uploaded_by)
        VALUES (${owner.type}, ${request.params.id}, ${part.filename}, ${storedName},
                ${ALLOWED_FILE_TYPES[extensionOf(part.filename)]!}, ${size}, ${request.caller!.name})
        RETURNING id, original_name AS name, size_bytes::int AS size, mime_type AS "mimeType",
                  uploaded_by AS "uploadedBy", uploaded_at AS "uploadedAt"`.execute(db);
      return saved[0];
    });
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
      const id = request.params.id;
      const { rows } = await sql`
        SELECT f.id, f.original_name AS name, f.size_bytes::int AS size, f.mime_type AS "mimeType",
               f.uploaded_by AS "uploadedBy", f.uploaded_at AS "uploadedAt",
               CASE WHEN f.owner_type = 'aktivitaet' THEN f.owner_id END AS "activityId"
        FROM stored_file f
        WHERE (f.owner_type = 'kunde' AND f.owner_id = ${id})
           OR (f.owner_type = 'aktivitaet' AND f.owner_id IN (SELECT a.id FROM activity a WHERE a.customer_id = ${id}))
        ORDER BY f.uploaded_at DESC, f.id DESC
        LIMIT 500`.execute(db);
      return rows;
    },
  );

  const fileOf = async (id: number) => {
    const { rows } = await sql<{ storedName: string; name: string; mimeType: string }>`
      SELECT stored_name AS "storedName", original_name AS name, mime_type AS "mimeType"
      FROM stored_file WHERE id = ${id} AND owner_type IN ('kunde', 'aktivitaet')`.execute(db);
    if (!rows[0]) throw notFound('Die Datei wurde nicht gefunden.');
    return rows[0];
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
      await sql`DELETE FROM stored_file WHERE id = ${request.params.id}`.execute(db);
      await store.remove(file.storedName);
      return { id: request.params.id };
    },
  );
}
