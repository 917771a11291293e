import type { MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ALLOWED_FILE_TYPES,
  extensionOf,
  fileProblem,
  tooLarge,
} from '../../../src/resources/files/allowedFiles.rules';
import type { Database } from '../db/database';
import { ApiError, badRequest, notFound } from '../http/apiError';
import { reportFileStoreError, type FileStoreOperation } from './fileStoreErrors';
import { imageSignatureProblem, SIGNATURE_BYTES } from './imageSignature';
import type { StoredObject, StoredObjects } from './storedObjects';

/** The store (folder or blob container) could not be reached: the person may try again shortly. */
export const fileStoreUnavailable = () =>
  new ApiError(
    503,
    'Der Dateispeicher ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
  );

const isTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

// How long the readiness check's answer about the store holds: a store that answers is asked again after 5 s,
// one that failed after 1 s (so an instance is back in the rotation soon after the store). Load balancers
// polling every second cost the store one small call per instance every few seconds.
const HEALTHY_FOR_MS = 5000;
const FAILED_FOR_MS = 1000;

/**
 * Uploaded files (customers, activities, Vorgänge) under generated names, never the user's: the bytes in
 * the configured store (this server's folder or a blob container all instances share), the records in the
 * caller's tables. Deletes go through `file_store_pending_delete`, so a store that is briefly away loses none.
 */
export class FileStore {
  private health: { at: number; failed: boolean; answer: Promise<boolean> } | undefined;

  constructor(
    readonly objects: StoredObjects,
    readonly maxBytes: number,
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Streams an upload into the store (never the whole file in memory) and hands its stored name and size to
   * `record`; a refused or failed upload (type, size, store, database) leaves nothing behind.
   */
  async save<T>(part: MultipartFile, record: (storedName: string, size: number) => Promise<T>): Promise<T> {
    const problem = fileProblem(part.filename, 0, this.maxBytes);
    if (problem) {
      part.file.resume();
      throw badRequest(problem, { file: problem });
    }
    const extension = extensionOf(part.filename);
    const storedName = `${randomUUID()}.${extension}`;
    let size = 0;
    let requestFailed = false;
    let notWhatItSays: string | null = null;
    // Counts the bytes on their way through, tells a broken request (too large, aborted by the client) from a
    // failing store, and looks at the first bytes: a picture must be one before anything of it is stored.
    async function* counted(source: AsyncIterable<Buffer>) {
      let head = Buffer.alloc(0);
      const checkHead = () => {
        notWhatItSays = imageSignatureProblem(part.filename, head);
        if (notWhatItSays) throw new Error(notWhatItSays);
      };
      try {
        for await (const chunk of source) {
          if (head.length < SIGNATURE_BYTES) {
            head = Buffer.concat([head, chunk]);
            if (head.length < SIGNATURE_BYTES) continue;
            checkHead();
            size += head.length;
            yield head;
            continue;
          }
          size += chunk.length;
          yield chunk;
        }
        if (head.length < SIGNATURE_BYTES) {
          checkHead();
          size += head.length;
          if (head.length) yield head;
        }
      } catch (error) {
        requestFailed = true;
        throw error;
      }
    }
    try {
      await this.objects.put(
        storedName,
        Readable.from(counted(part.file), { objectMode: false }),
        ALLOWED_FILE_TYPES[extension] ?? 'application/octet-stream',
      );
    } catch (error) {
      if (notWhatItSays) {
        part.file.resume();
        throw badRequest(notWhatItSays, { file: notWhatItSays });
      }
      if (part.file.truncated || isTooLarge(error)) {
        throw badRequest(tooLarge(this.maxBytes), { file: tooLarge(this.maxBytes) });
      }
      if (requestFailed) throw error;
      throw this.failed('put', error, storedName);
    }
    try {
      if (part.file.truncated) throw badRequest(tooLarge(this.maxBytes), { file: tooLarge(this.maxBytes) });
      return await record(storedName, size);
    } catch (error) {
      await this.discard(storedName);
      throw error;
    }
  }

  /**
   * Whether the store can take uploads now (the readiness check). Cached: callers within a few seconds share
   * one question to the store; a change of the answer is logged once, with the store's reason.
   */
  async reachable(): Promise<boolean> {
    const now = Date.now();
    const current = this.health;
    if (current && now - current.at < (current.failed ? FAILED_FOR_MS : HEALTHY_FOR_MS))
      return current.answer;
    const wasFailing = current?.failed ?? false;
    const next = { at: now, failed: false, answer: Promise.resolve(true) };
    next.answer = this.objects.probe().then(
      () => {
        if (wasFailing) this.log.info({ store: this.objects.kind }, 'Dateispeicher wieder erreichbar');
        return true;
      },
      (error: unknown) => {
        next.failed = true;
        if (!wasFailing) {
          this.log.error({ err: error, store: this.objects.kind }, 'Dateispeicher nicht erreichbar');
        }
        return false;
      },
    );
    this.health = next;
    return next.answer;
  }

  /** A stored file's bytes as a stream; 404 when they are gone, 503 when the store cannot be reached. */
  async read(storedName: string): Promise<StoredObject> {
    let object: StoredObject | null;
    try {
      object = await this.objects.get(storedName);
    } catch (error) {
      throw this.failed('get', error, storedName);
    }
    if (!object) throw notFound('Die Datei wurde nicht gefunden.');
    return object;
  }

  /** Records, in the transaction that deletes the file's record, that its bytes must go too. */
  async markForRemoval(trx: Database, storedName: string): Promise<void> {
    await trx
      .insertInto('file_store_pending_delete')
      .values({ stored_name: storedName })
      .onConflict((oc) => oc.column('stored_name').doNothing())
      .execute();
  }

  /**
   * Deletes marked bytes now (after the record's transaction committed) and forgets the mark; when the store
   * is away the mark stays for the retry job and the answer is true all the same: the file is gone for
   * everyone, only its bytes wait. Answers whether the bytes went now.
   */
  async removeMarked(storedName: string, db: Database = this.db): Promise<boolean> {
    try {
      await this.objects.delete(storedName);
    } catch (error) {
      this.failed('delete', error, storedName);
      await db
        .updateTable('file_store_pending_delete')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_attempt_at: eb.fn<Date>('now'),
          last_error: String(error instanceof Error ? error.message : error).slice(0, 500),
        }))
        .where('stored_name', '=', storedName)
        .execute();
      return false;
    }
    await db.deleteFrom('file_store_pending_delete').where('stored_name', '=', storedName).execute();
    return true;
  }

  /** Removes the bytes of an upload whose record was never written (best effort, marked when it fails). */
  private async discard(storedName: string) {
    try {
      await this.markForRemoval(this.db, storedName);
      await this.removeMarked(storedName);
    } catch (error) {
      this.log.error({ err: error, storedName }, 'Verwaiste Datei konnte nicht entfernt werden');
    }
  }

  /** Reports a failure of the store and answers the 503 to throw. */
  private failed(operation: FileStoreOperation, error: unknown, storedName: string) {
    reportFileStoreError(operation, error);
    this.log.warn({ err: error, operation, storedName, store: this.objects.kind }, 'Dateispeicher-Fehler');
    return fileStoreUnavailable();
  }
}

/** Content-Disposition with the original name, also when it has umlauts (RFC 6266). */
export function attachmentHeader(name: string) {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
