import { BlobServiceClient } from '@azure/storage-blob';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { AzureBlobConfig } from './azureBlobObjects';

// Blobs moved at a time: enough to keep the connection busy, few enough for a small machine.
const PARALLEL = 4;

async function eachInTurns<T>(items: readonly T[], work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

const containerOf = (config: AzureBlobConfig) =>
  BlobServiceClient.fromConnectionString(config.connectionString).getContainerClient(config.container);

/**
 * Copies every blob of the file store's container into `folder` under its name (the stored names are flat:
 * a UUID and an extension), as the folder store keeps them: a backup holds the same files either way.
 */
export async function exportContainer(config: AzureBlobConfig, folder: string): Promise<number> {
  const container = containerOf(config);
  await mkdir(folder, { recursive: true });
  const names: string[] = [];
  for await (const blob of container.listBlobsFlat()) names.push(blob.name);
  await eachInTurns(names, async (name) => {
    await container.getBlobClient(name).downloadToFile(path.join(folder, path.basename(name)));
  });
  return names.length;
}

/**
 * Uploads every file of `folder` into the container under its name (a restore); refuses a container that
 * already holds blobs, as the restore refuses a database that is not empty.
 */
export async function importContainer(config: AzureBlobConfig, folder: string): Promise<number> {
  const container = containerOf(config);
  await container.createIfNotExists();
  for await (const blob of container.listBlobsFlat()) {
    throw new Error(`Der Container ${config.container} ist nicht leer (z. B. ${blob.name}).`);
  }
  const names = (await readdir(folder, { withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
  await eachInTurns(names, async (name) => {
    await container.getBlockBlobClient(name).uploadFile(path.join(folder, name));
  });
  return names.length;
}
