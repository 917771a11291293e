import fp from 'fastify-plugin';
import { FileStore } from './fileStore';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live on disk, with the largest upload accepted. */
    fileStore: FileStore;
  }
}

/** Provides `app.fileStore` on the given folder. */
export const fileStorePlugin = fp<{ dir: string; maxBytes: number }>(async (app, options) => {
  app.decorate('fileStore', new FileStore(options.dir, options.maxBytes));
});
