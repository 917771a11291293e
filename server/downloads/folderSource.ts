import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent, type Stats } from 'node:fs';
import { link, lstat, mkdir, readdir, realpath, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { itemNameProblem } from '../../src/resources/downloads/downloadNames.rules';
import { fileProblem, tooLarge } from '../../src/resources/files/allowedFiles.rules';
import { badRequest } from '../platform/http/apiError';
import type { DownloadSource, SourceEntry, SourceHit } from './downloadSource';

/** How many entries a search looks at before it stops (a runaway tree must not stall the server). */
const SEARCH_VISIT_LIMIT = 20_000;

const refusedName = (field: string, problem: string) => badRequest(problem, { [field]: problem });
const alreadyThere = (field: string, name: string) =>
  refusedName(field, `In diesem Ordner gibt es schon einen Eintrag „${name}“.`);

// Hidden entries (our own ".upload-….part" files among them) and links are never shown nor followed.
const visible = (entry: Dirent) => !entry.name.startsWith('.') && (entry.isFile() || entry.isDirectory());

/**
 * The folder source: DOWNLOADS_DIR on this server. Keys are paths relative to the folder ('' is the top),
 * made only by this module from names it listed or checked; every key is checked again on use: no empty,
 * "." or ".." part, no NUL, no backslash, and the real path (links resolved) must be the path itself, so
 * nothing outside the folder is ever read or written, not even through a link.
 */
export async function createFolderSource(dir: string, maxBytes: number): Promise<DownloadSource> {
  await mkdir(dir, { recursive: true });
  const root = await realpath(dir);

  /** The absolute path of a key, or null when the key is malformed or leads outside or through a link. */
  async function pathOf(key: string): Promise<string | null> {
    if (key.includes('\0') || key.includes('\\') || path.isAbsolute(key)) return null;
    const parts = key === '' ? [] : key.split('/');
    if (parts.some((part) => part === '' || part === '.' || part === '..')) return null;
    const full = path.join(root, ...parts);
    if (full !== root && !full.startsWith(root + path.sep)) return null;
    try {
      return (await realpath(full)) === full ? full : null;
    } catch {
      return null;
    }
  }
  const keyOf = (parentKey: string, name: string) => (parentKey ? `${parentKey}/${name}` : name);
  const entryOf = (key: string, name: string, stats: Stats): SourceEntry => ({
    key,
    name,
    isFolder: stats.isDirectory(),
    size: stats.isDirectory() ? null : stats.size,
    modifiedAt: stats.mtime,
  });
  async function statKey(key: string): Promise<SourceEntry | null> {
    const full = await pathOf(key);
    if (!full) return null;
    const stats = await lstat(full);
    if (!stats.isFile() && !stats.isDirectory()) return null;
    return entryOf(key, key === '' ? '' : path.basename(full), stats);
  }
  async function folderPathOf(key: string): Promise<string> {
    const full = await pathOf(key);
    if (!full || !(await lstat(full)).isDirectory()) throw badRequest('Der Ordner wurde nicht gefunden.');
    return full;
  }
  function checkedName(field: string, name: string): string {
    const problem = itemNameProblem(name);
    if (problem) throw refusedName(field, problem);
    return name.trim();
  }
  async function exists(full: string) {
    return lstat(full).then(
      () => true,
      () => false,
    );
  }

  return {
    kind: 'ordner',
    rootKey: '',
    rootName: 'Dateien',
    async list(_credentials, folderKey) {
      const full = await pathOf(folderKey);
      if (!full || !(await lstat(full)).isDirectory()) return null;
      const entries = (await readdir(full, { withFileTypes: true })).filter(visible);
      return Promise.all(
        entries.map(async (entry) => {
          const key = keyOf(folderKey, entry.name);
          return entryOf(key, entry.name, await lstat(path.join(full, entry.name)));
        }),
      );
    },
    stat: (_credentials, key) => statKey(key),
    async read(_credentials, key) {
      const entry = await statKey(key);
      const full = await pathOf(key);
      if (!entry || entry.isFolder || !full) return null;
      return { stream: createReadStream(full), size: entry.size };
    },
    async search(_credentials, text, limit) {
      const needle = text.toLocaleLowerCase('de');
      const hits: SourceHit[] = [];
      type Folder = { key: string; label: string; ancestors: { key: string; name: string }[] };
      const queue: Folder[] = [{ key: '', label: '', ancestors: [] }];
      let visited = 0;
      while (queue.length && hits.length < limit && visited < SEARCH_VISIT_LIMIT) {
        const folder = queue.shift()!;
        const full = await pathOf(folder.key);
        if (!full) continue;
        const entries = (await readdir(full, { withFileTypes: true }).catch(() => [])).filter(visible);
        for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name, 'de'))) {
          visited++;
          const key = keyOf(folder.key, entry.name);
          if (entry.isDirectory()) {
            queue.push({
              key,
              label: folder.label ? `${folder.label} / ${entry.name}` : entry.name,
              ancestors: [...folder.ancestors, { key, name: entry.name }],
            });
          }
          if (hits.length < limit && entry.name.toLocaleLowerCase('de').includes(needle)) {
            const stats = await lstat(path.join(full, entry.name));
            hits.push({
              ...entryOf(key, entry.name, stats),
              parentKey: folder.key,
              ancestors: folder.ancestors,
              folderPath: folder.label,
            });
          }
        }
      }
      return hits;
    },
    manage: {
      async createFolder(parentKey, name) {
        const parent = await folderPathOf(parentKey);
        const clean = checkedName('name', name);
        try {
          await mkdir(path.join(parent, clean));
        } catch (error) {
          if ((error as { code?: string }).code === 'EEXIST') throw alreadyThere('name', clean);
          throw error;
        }
        return (await statKey(keyOf(parentKey, clean)))!;
      },
      async upload(parentKey, part) {
        const parent = await folderPathOf(parentKey).catch((error: unknown) => {
          part.file.resume();
          throw error;
        });
        const problem = itemNameProblem(part.filename) ?? fileProblem(part.filename, 0, maxBytes);
        if (problem) {
          part.file.resume();
          throw refusedName('file', problem);
        }
        const name = part.filename.trim();
        const partial = path.join(parent, `.upload-${randomUUID()}.part`);
        try {
          await pipeline(part.file, createWriteStream(partial, { flags: 'wx' }));
          if (part.file.truncated) throw refusedName('file', tooLarge(maxBytes));
          // link() never replaces an existing file: two uploads of one name cannot overwrite each other.
          await link(partial, path.join(parent, name)).catch((error: { code?: string }) => {
            throw error.code === 'EEXIST' ? alreadyThere('file', name) : error;
          });
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw refusedName('file', tooLarge(maxBytes));
          }
          throw error;
        } finally {
          await rm(partial, { force: true });
        }
        return (await statKey(keyOf(parentKey, name)))!;
      },
      async rename(key, name) {
        const full = await pathOf(key);
        if (!full || key === '') throw badRequest('Dieser Eintrag kann nicht umbenannt werden.');
        const clean = checkedName('name', name);
        const isFile = (await lstat(full)).isFile();
        const typeProblem = isFile ? fileProblem(clean, 0, maxBytes) : null;
        if (typeProblem) throw refusedName('name', typeProblem);
        const target = path.join(path.dirname(full), clean);
        if (target !== full && (await exists(target))) throw alreadyThere('name', clean);
        await rename(full, target);
        const parentKey = key.includes('/') ? key.slice(0, key.lastIndexOf('/')) : '';
        return (await statKey(keyOf(parentKey, clean)))!;
      },
      async remove(key) {
        const full = await pathOf(key);
        if (!full || key === '') throw badRequest('Dieser Eintrag kann nicht gelöscht werden.');
        await rm(full, { recursive: true });
      },
    },
  };
}
