import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerArea } from './defineServerArea';

const SERVER_DIR = path.resolve(import.meta.dirname, '..', '..');

/** Folders of server/ that are no area: the cross-cutting services and the development tools. */
export const NOT_AREAS: ReadonlySet<string> = new Set(['platform', 'dev']);

/** The area folders of server/ by the rule every side shares: a folder with an index.ts, named as its area. */
export async function serverAreaNames(): Promise<string[]> {
  const entries = await readdir(SERVER_DIR, { withFileTypes: true });
  const folders = entries.filter((entry) => entry.isDirectory() && !NOT_AREAS.has(entry.name));
  const names: string[] = [];
  for (const folder of folders) {
    const files = await readdir(path.join(SERVER_DIR, folder.name));
    if (files.includes('index.ts')) names.push(folder.name);
  }
  return names.sort();
}

/** Loads every area's declaration (`server/<area>/index.ts`, default export), in the order of their names. */
export async function loadServerAreas(): Promise<{ name: string; area: ServerArea }[]> {
  const areas: { name: string; area: ServerArea }[] = [];
  for (const name of await serverAreaNames()) {
    const module = (await import(pathToFileURL(path.join(SERVER_DIR, name, 'index.ts')).href)) as {
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
