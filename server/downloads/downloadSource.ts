import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { Credentials } from '../platform/auth/directory';

/** Which kind of source the area shows (the `source` column of download_item). */
export type SourceKind = 'ordner' | 'sharepoint';

/** One file or folder as the source knows it; `key` names it inside the source and never leaves the server. */
export interface SourceEntry {
  key: string;
  name: string;
  isFolder: boolean;
  size: number | null;
  modifiedAt: Date | null;
}

/** A search hit with the folder it lies in and that folder's path for display ("Prospekte / 2026"). */
export interface SourceHit extends SourceEntry {
  /** The folder the hit lies in; null when unknown. */
  parentKey: string | null;
  /** The folders from the top down to the parent (top excluded) when the source knows them, else null. */
  ancestors: { key: string; name: string }[] | null;
  folderPath: string;
}

/** A file's bytes as a stream. */
export interface SourceFile {
  stream: Readable;
  size: number | null;
}

/** Where the Dateien area's files live: a folder on the server, or SharePoint on behalf of the caller. */
export interface DownloadSource {
  kind: SourceKind;
  /** The key of the top folder. */
  rootKey: string;
  /** The name shown for the top folder. */
  rootName: string;
  /** The items of a folder; null when the folder is gone. */
  list(credentials: Credentials, folderKey: string): Promise<SourceEntry[] | null>;
  /** One item; null when it is gone (or not allowed: outside the folder, a link). */
  stat(credentials: Credentials, key: string): Promise<SourceEntry | null>;
  /** A file's content; null when it is gone. */
  read(credentials: Credentials, key: string): Promise<SourceFile | null>;
  /** Items whose name contains the text (case-insensitive), at most `limit`. */
  search(credentials: Credentials, text: string, limit: number): Promise<SourceHit[]>;
  /** Present when the source can be managed from the CRM (the folder source). */
  manage?: ManagedSource;
}

/** Changes to a managed source; names are checked by the caller and again here. */
export interface ManagedSource {
  createFolder(parentKey: string, name: string): Promise<SourceEntry>;
  /** Streams an upload into the folder; nothing is left behind when it is refused or fails. */
  upload(parentKey: string, part: MultipartFile): Promise<SourceEntry>;
  rename(key: string, name: string): Promise<SourceEntry>;
  remove(key: string): Promise<void>;
}
