import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerArea } from './defineServerArea';

const SERVER_DIR = path.resolve(import.meta.dirname, '..', '..');

/** Folders of server/ that are no area: the cross-cutting services and the development tools. */
export const NOT_AREAS: ReadonlySet<string> = new Set(['platform', 'dev']);

// The sources have index.ts, the build (dist-server/server) index.js.
const INDEX_FILES = ['index.ts', 'index.js'];

/** The area folders of server/ by the rule every side shares: a folder with an index.ts, named as its area. */
export async function serverAreaNames(): Promise<string[]> {
  return (await serverAreaFolders()).map((area) => area.name);
}

async function serverAreaFolders(): Promise<{ name: string; index: string }[]> {
  const entries = await readdir(SERVER_DIR, { withFileTypes: true });
  const folders = entries.filter((entry) => entry.isDirectory() && !NOT_AREAS.has(entry.name));
  const areas: { name: string; index: string }[] = [];
  for (const folder of folders) {
    const files = await readdir(path.join(SERVER_DIR, folder.name));
    const index = INDEX_FILES.find((file) => files.includes(file));
    if (index) areas.push({ name: folder.name, index: path.join(SERVER_DIR, folder.name, index) });
  }
  return areas.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** Loads every area's declaration (`server/<area>/index.ts`, default export), in the order of their names. */
export async function loadServerAreas(): Promise<{ name: string; area: ServerArea }[]> {
  const areas: { name: string; area: ServerArea }[] = [];
  for (const { name, index } of await serverAreaFolders()) {
    const module = (await import(pathToFileURL(index).href)) as {
      default?: ServerArea;
    };
    if (!module.default || typeof module.default.plugin !== 'function') {
      throw new Error(
        `server/${name}/index.ts exportiert keinen Bereich (export default defineServerArea(…)).`,
      );
    }
    areas.push({ name, area: module.default });
  }
  return areas;
}
