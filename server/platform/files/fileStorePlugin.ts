import fp from 'fastify-plugin';
import { azureBlobObjects, type AzureBlobConfig } from './azureBlobObjects';
import { fileStoreErrors } from '../metrics/metrics';
import { FileStore } from './fileStore';
import { onFileStoreError } from './fileStoreErrors';
import { folderObjects } from './folderObjects';
import { retryPendingDeletes } from './pendingDeletes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live (a folder or a shared blob container), with the largest upload accepted. */
    fileStore: FileStore;
  }
}

/** A folder on this server (one box), or an Azure Blob Storage container every instance shares. */
export type FileStoreOptions = { maxBytes: number } & ({ dir: string } | { azure: AzureBlobConfig });

/** Provides `app.fileStore` and retries the deletes the store refused while it was away; needs `app.db`. */
export const fileStorePlugin = fp<FileStoreOptions>(
  async (app, options) => {
    let objects;
    if ('azure' in options) {
      const azure = azureBlobObjects(options.azure);
      // A store that is away at start must not keep the instance from serving everything else: uploads
      // and downloads answer 503 until it is back (and the container is created then, on first upload).
      await azure.ensureContainer().catch((error: unknown) => {
        app.log.error({ err: error }, 'Azure-Blob-Container nicht erreichbar');
      });
      objects = azure;
    } else {
      objects = folderObjects(options.dir);
    }
    const store = new FileStore(objects, options.maxBytes, app.db, app.log);
    app.decorate('fileStore', store);
    // The store's own failures (a refused upload is none) are counted for /metrics.
    const unsubscribe = onFileStoreError((operation) => fileStoreErrors.inc({ operation }));
    app.jobs.register(retryPendingDeletes);
    app.addHook('onClose', async () => unsubscribe());
  },
  { decorators: { fastify: ['db', 'jobs'] } },
);
