import { BlobServiceClient, RestError } from '@azure/storage-blob';
import type { Readable } from 'node:stream';
import type { StoredObjects } from './storedObjects';

/** The container that holds the uploaded files, and how to reach the storage account. */
export interface AzureBlobConfig {
  connectionString: string;
  container: string;
}

// An upload goes to the container in blocks of this size, two at a time: the most an upload holds in memory
// is a few blocks, whatever the size of the file.
const BLOCK_BYTES = 4 * 1024 * 1024;
const BLOCKS_IN_FLIGHT = 2;

// A delete or stat that gets no answer (a network that drops packets rather than refusing) gives up after this
// long: the delete is then left to the retry job, and nobody waits minutes for a TCP time-out.
const SHORT_CALL_MS = 10_000;
// The readiness check's question gives up sooner: load balancers wait a few seconds for an answer.
const PROBE_MS = 3000;

const isNotFound = (error: unknown) => error instanceof RestError && error.statusCode === 404;

/**
 * Uploaded files in an Azure Blob Storage container (FILE_STORE=azure) that every instance reads and writes:
 * an upload through one instance downloads through any other.
 */
export function azureBlobObjects(
  config: AzureBlobConfig,
): StoredObjects & { ensureContainer(): Promise<void> } {
  const service = BlobServiceClient.fromConnectionString(config.connectionString, {
    // A store that is away is known within about a second; the caller answers 503 or records the delete for
    // the retry job instead of keeping a person waiting through the SDK's long default back-off.
    retryOptions: { maxTries: 3, retryDelayInMs: 200, maxRetryDelayInMs: 1000 },
  });
  const container = service.getContainerClient(config.container);
  // Created once per instance: at start, or at the first upload when the store was away at start.
  let created: Promise<unknown> | null = null;
  const ensureContainer = async () => {
    created ??= container.createIfNotExists();
    await created.catch((error: unknown) => {
      created = null;
      throw error;
    });
  };
  return {
    kind: 'azure',
    ensureContainer,
    async put(name: string, source: Readable, contentType: string) {
      await ensureContainer();
      // The block list is committed only after the last block: a failed upload leaves no blob behind (its
      // uncommitted blocks are discarded by the service).
      await container.getBlockBlobClient(name).uploadStream(source, BLOCK_BYTES, BLOCKS_IN_FLIGHT, {
        blobHTTPHeaders: { blobContentType: contentType },
      });
    },
    async get(name: string) {
      try {
        const response = await container.getBlobClient(name).download(0);
        if (!response.readableStreamBody) throw new Error(`Blob ${name} ohne Inhalt`);
        return { stream: response.readableStreamBody as Readable, size: response.contentLength ?? null };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(name: string) {
      await container.getBlobClient(name).deleteIfExists({ abortSignal: AbortSignal.timeout(SHORT_CALL_MS) });
    },
    // One small call: the container's properties. A wrong key or account (403), a service that is away or a
    // deleted container fail; a container not made yet is made, as the first upload would.
    async probe() {
      try {
        await container.getProperties({ abortSignal: AbortSignal.timeout(PROBE_MS) });
      } catch (error) {
        if (!isNotFound(error)) throw error;
        created = null;
        await ensureContainer();
      }
    },
    async stat(name: string) {
      try {
        const properties = await container
          .getBlobClient(name)
          .getProperties({ abortSignal: AbortSignal.timeout(SHORT_CALL_MS) });
        return { size: properties.contentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  };
}
