import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMenuFile } from '../../src/resources/declarationFiles';
import { orderedMenu, type MenuEntry, type MenuItem } from '../../src/resources/menu';

const RESOURCES_DIR = path.resolve(import.meta.dirname, '..', '..', 'src', 'resources');

/** The main menu by the web app's rule (every `src/resources/<area>/menu.ts`): the same entries, same order. */
export async function loadMenu(): Promise<readonly MenuItem[]> {
  const entries = await readdir(RESOURCES_DIR, { recursive: true });
  const files = entries.filter((entry) => isMenuFile(entry.split(path.sep).join('/'))).sort();
  const declared: (readonly MenuEntry[])[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(RESOURCES_DIR, file)).href)) as {
      default: readonly MenuEntry[];
    };
    declared.push(module.default);
  }
  return orderedMenu(declared);
}
