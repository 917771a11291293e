import type { MultipartFile } from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extensionOf, fileProblem, tooLarge } from '../../../src/resources/files/allowedFiles.rules';
import { badRequest } from '../http/apiError';

/** Uploaded files on disk: outside the web root, under generated names, never the user's. */
export class FileStore {
  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {}

  /**
   * Streams an upload to disk and hands its stored name to `record`; a refused or failed upload (type,
   * size, database) leaves nothing behind.
   */
  async save<T>(part: MultipartFile, record: (storedName: string, size: number) => Promise<T>): Promise<T> {
    const problem = fileProblem(part.filename, 0, this.maxBytes);
    if (problem) {
      part.file.resume();
      throw badRequest(problem, { file: problem });
    }
    await mkdir(this.dir, { recursive: true });
    const storedName = `${randomUUID()}.${extensionOf(part.filename)}`;
    const partial = path.join(this.dir, `${storedName}.part`);
    try {
      await pipeline(part.file, createWriteStream(partial, { flags: 'wx' }));
      if (part.file.truncated) throw badRequest(tooLarge(this.maxBytes), { file: tooLarge(this.maxBytes) });
      const { size } = await stat(partial);
      await rename(partial, this.pathOf(storedName));
      return await record(storedName, size);
    } catch (error) {
      await rm(partial, { force: true });
      await this.remove(storedName);
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw badRequest(tooLarge(this.maxBytes), { file: tooLarge(this.maxBytes) });
      }
      throw error;
    }
  }

  pathOf(storedName: string) {
    return path.join(this.dir, path.basename(storedName));
  }

  read(storedName: string) {
    return createReadStream(this.pathOf(storedName));
  }

  remove(storedName: string) {
    return rm(this.pathOf(storedName), { force: true });
  }
}

/** Content-Disposition with the original name, also when it has umlauts (RFC 6266). */
export function attachmentHeader(name: string) {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
