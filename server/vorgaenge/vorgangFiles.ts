import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ALLOWED_FILE_TYPES, extensionOf } from '../../src/resources/files/allowedFiles.rules';
import type { StoredFile } from '../../src/resources/files/files.endpoints';
import { getFilesForVorgang, uploadVorgangFile } from '../../src/resources/vorgaenge/vorgang.endpoints';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import { badRequest, notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { insertStoredFile } from '../files/fileQueries';
import { recordVorgangEvent } from './vorgangEvents';
import { vorgangExists } from './vorgangQueries';

/** The files of a Vorgang, newest first (at most 500). */
async function filesOfVorgang(db: Database, vorgangId: number): Promise<StoredFile[]> {
  return db
    .selectFrom('stored_file')
    .select([
      'id',
      'original_name as name',
      'size_bytes as size',
      'mime_type as mimeType',
      'uploaded_by as uploadedBy',
      'uploaded_at as uploadedAt',
    ])
    .where('owner_type', '=', 'vorgang')
    .where('owner_id', '=', vorgangId)
    .orderBy('uploaded_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, uploadedAt: row.uploadedAt.toISOString() })));
}

/** Files on a Vorgang (vorgang/uploadFile as kunde/uploadFile; download and delete via the Dateien routes). */
export async function registerVorgangFileRoutes(app: FastifyInstance) {
  const { db, fileStore: store } = app;
  await app.register(multipart, { limits: { fileSize: store.maxBytes, files: 1, fields: 5 } });

  endpointRoute(app, uploadVorgangFile, async (request, _reply, trx) => {
    const id = request.params.id;
    if (!(await vorgangExists(db, id))) throw notFound('Der Vorgang wurde nicht gefunden.');
    const part = await request.file();
    if (!part)
      throw badRequest('Bitte wählen Sie eine Datei aus.', { file: 'Bitte wählen Sie eine Datei aus.' });
    // The file's row and the Vorgang's history entry in one transaction.
    return store.save(part, (storedName, size) =>
      inTransaction(trx, async (work) => {
        const saved = await insertStoredFile(
          work,
          {
            ownerType: 'vorgang',
            ownerId: id,
            name: part.filename,
            storedName,
            mimeType: ALLOWED_FILE_TYPES[extensionOf(part.filename)]!,
            size,
            uploadedBy: request.caller!.name,
          },
          request.caller!,
        );
        await recordVorgangEvent(work, {
          vorgangId: id,
          kind: 'datei_hoch',
          version: null,
          details: { file: part.filename },
          changedBy: request.caller!.name,
        });
        return saved;
      }),
    );
  });

  endpointRoute(app, getFilesForVorgang, async (request) => {
    if (!(await vorgangExists(db, request.params.id))) throw notFound('Der Vorgang wurde nicht gefunden.');
    return filesOfVorgang(db, request.params.id);
  });
}
