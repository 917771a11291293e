import fp from 'fastify-plugin';
import { ApiError } from '../http/apiError';
import { fileStoreErrors } from '../metrics/metrics';
import { FileStore } from './fileStore';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live on disk, with the largest upload accepted. */
    fileStore: FileStore;
  }
}

/** Counts the store's own failures for /metrics; a refused upload (type, size: an ApiError) is none. */
function countingErrors(store: FileStore): FileStore {
  const count =
    (operation: string) =>
    (error: unknown): never => {
      if (!(error instanceof ApiError)) fileStoreErrors.inc({ operation });
      throw error;
    };
  const counted = <T>(operation: string, promise: Promise<T>): Promise<T> => promise.catch(count(operation));
  const [save, read, remove] = [store.save.bind(store), store.read.bind(store), store.remove.bind(store)];
  store.save = (part, record) => counted('save', save(part, record));
  store.remove = (storedName) => counted('remove', remove(storedName));
  store.read = (storedName) =>
    read(storedName).once('error', () => fileStoreErrors.inc({ operation: 'read' }));
  return store;
}

/** Provides `app.fileStore` on the given folder. */
export const fileStorePlugin = fp<{ dir: string; maxBytes: number }>(async (app, options) => {
  app.decorate('fileStore', countingErrors(new FileStore(options.dir, options.maxBytes)));
});
