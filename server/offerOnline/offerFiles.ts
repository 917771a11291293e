import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileStore } from '../platform/files/fileStore';

/** Keeps PDF bytes in the app's file store (every instance reads it); answers their stored name. */
export async function keepPdf(store: FileStore, bytes: Uint8Array): Promise<string> {
  const storedName = `${randomUUID()}.pdf`;
  await store.objects.put(storedName, Readable.from([Buffer.from(bytes)]), 'application/pdf');
  return storedName;
}

/** The bytes of a kept PDF (404 when gone, 503 when the store is away). */
export async function readPdf(store: FileStore, storedName: string): Promise<Buffer> {
  const { stream } = await store.read(storedName);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
