import { createWriteStream } from 'node:fs';
import { access, constants, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredObjects } from './storedObjects';

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/** Uploaded files in a folder of this server (FILE_STORE=ordner, the default for one box). */
export function folderObjects(dir: string): StoredObjects {
  // basename: a name can never reach outside the folder, whatever it holds.
  const pathOf = (name: string) => path.join(dir, path.basename(name));
  return {
    kind: 'ordner',
    async put(name: string, source: Readable) {
      await mkdir(dir, { recursive: true });
      // Written under a temporary name and renamed when complete: a half-written file is never visible.
      const partial = `${pathOf(name)}.part`;
      try {
        await pipeline(source, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, pathOf(name));
      } finally {
        await rm(partial, { force: true });
      }
    },
    async get(name: string) {
      try {
        const handle = await open(pathOf(name));
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    delete: (name: string) => rm(pathOf(name), { force: true }),
    async stat(name: string) {
      try {
        return { size: (await stat(pathOf(name))).size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    // The folder is there (or can be made, as the first upload would) and may be written: a missing mount
    // replaced by a file, lost rights or a read-only file system fail here.
    async probe() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK | constants.X_OK);
    },
  };
}
