import multipart from '@fastify/multipart';
import type { Database } from '../platform/db/database';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ALLOWED_FILE_TYPES, extensionOf } from '../../src/resources/files/allowedFiles.rules';
import { attachmentHeader } from '../platform/files/fileStore';
import { badRequest, notFound } from '../platform/http/apiError';
import {
  deleteStoredFile,
  filesOfActivity,
  filesOfCustomer,
  findStoredFile,
  insertStoredFile,
  ownerExists,
} from './fileQueries';
import {
  deleteFile,
  downloadFile,
  getFilesForActivity,
  getFilesForCustomer,
  uploadActivityFile,
  uploadCustomerFile,
} from '../../src/resources/files/files.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { recordVorgangEvent } from '../vorgaenge/vorgangEvents';

type Owner = { type: 'kunde' | 'aktivitaet'; table: 'customer' | 'activity'; missing: string };
const OWNERS = [
  {
    endpoint: uploadCustomerFile,
    owner: { type: 'kunde', table: 'customer', missing: 'Der Kunde wurde nicht gefunden.' },
  },
  {
    endpoint: uploadActivityFile,
    owner: { type: 'aktivitaet', table: 'activity', missing: 'Die Aktivität wurde nicht gefunden.' },
  },
] as const satisfies readonly { endpoint: unknown; owner: Owner }[];

/**
 * Files of customers and their activities (the client's paths kunde/uploadFile, activity/uploadFile): upload,
 * list, download.
 */
export async function registerFileRoutes(app: FastifyInstance) {
  const { db, fileStore: store } = app;
  await app.register(multipart, { limits: { fileSize: store.maxBytes, files: 1, fields: 5 } });

  // `trx`: the Idempotency-Key's transaction when the upload carries one (endpointRoute).
  const upload = async (request: FastifyRequest<{ Params: { id: number } }>, owner: Owner, trx: Database) => {
    if (!(await ownerExists(db, owner.table, request.params.id))) throw notFound(owner.missing);
    const part = await request.file();
    if (!part)
      throw badRequest('Bitte wählen Sie eine Datei aus.', { file: 'Bitte wählen Sie eine Datei aus.' });
    return store.save(part, (storedName, size) =>
      insertStoredFile(trx, {
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

  for (const { endpoint, owner } of OWNERS) {
    endpointRoute(app, endpoint, (request, _reply, trx) => upload(request, owner, trx));
  }

  endpointRoute(app, getFilesForCustomer, async (request) => {
    return filesOfCustomer(db, request.params.id);
  });

  endpointRoute(app, getFilesForActivity, async (request) => {
    if (!(await ownerExists(db, 'activity', request.params.id))) {
      throw notFound('Die Aktivität wurde nicht gefunden.');
    }
    return filesOfActivity(db, request.params.id);
  });

  const fileOf = async (id: number) => {
    const file = await findStoredFile(db, id);
    if (!file) throw notFound('Die Datei wurde nicht gefunden.');
    return file;
  };

  endpointRoute(app, downloadFile, async (request, reply) => {
    const file = await fileOf(request.params.id);
    const stored = await store.read(file.storedName);
    if (stored.size !== null) reply.header('Content-Length', stored.size);
    return reply
      .type(file.mimeType)
      .header('Content-Disposition', attachmentHeader(file.name))
      .header('X-Content-Type-Options', 'nosniff')
      .send(stored.stream);
  });

  endpointRoute(app, deleteFile, async (request) => {
    const file = await fileOf(request.params.id);
    // A Vorgang's file leaves a line in its history, in the same transaction as the row goes; so does the
    // mark that its bytes must go, which outlives a store that is away right now.
    await db.transaction().execute(async (trx) => {
      await deleteStoredFile(trx, request.params.id);
      await store.markForRemoval(trx, file.storedName);
      if (file.ownerType === 'vorgang' && file.ownerId !== null) {
        await recordVorgangEvent(trx, {
          vorgangId: file.ownerId,
          kind: 'datei_geloescht',
          version: null,
          details: { file: file.name },
          changedBy: request.caller!.name,
        });
      }
    });
    await store.removeMarked(file.storedName);
    return { id: request.params.id };
  });
}
