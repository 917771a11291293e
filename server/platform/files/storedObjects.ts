import type { Readable } from 'node:stream';

/** A stored file's bytes as a stream, with its size when the store knows it. */
export interface StoredObject {
  stream: Readable;
  size: number | null;
}

/**
 * Where the bytes of uploaded files live, by generated name: a folder on this server or a blob container
 * every instance shares. Names are made by FileStore (a UUID and the extension), never by a user.
 */
export interface StoredObjects {
  kind: 'ordner' | 'azure';
  /** Streams `source` into the store under `name`; nothing is visible under the name unless it succeeds. */
  put(name: string, source: Readable, contentType: string): Promise<void>;
  /** The object's bytes; null when there is none under the name. */
  get(name: string): Promise<StoredObject | null>;
  /** Deletes the object; an object that is already gone is no error (the retry job repeats deletes). */
  delete(name: string): Promise<void>;
  /** The object's size; null when there is none under the name. */
  stat(name: string): Promise<{ size: number } | null>;
  /** Fails when the store cannot take uploads now (a folder that cannot be written, a refused key). */
  probe(): Promise<void>;
}
