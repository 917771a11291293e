import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isEntityFile, isManualFile, isTabsFile } from '../../src/resources/declarationFiles';
import type { EntityDeclaration } from '../../src/resources/entity';
import type { ManualTexts } from '../../src/resources/manual';
import type { TabDeclaration } from '../../src/resources/tab';

const RESOURCES_DIR = path.resolve(import.meta.dirname, '..', '..', 'src', 'resources');

/** An admin tab with its paragraph in the user manual. */
export interface ManualTab extends TabDeclaration {
  /** The area folder that declares the tab (and holds its text in `manual.ts`). */
  folder: string;
  /** Empty when the folder's manual.ts has none for it (the unit test names it). */
  text: string;
}

/** The modules of every file below src/resources that `isFile` accepts, by their area folder. */
async function modulesBy<T>(isFile: (file: string) => boolean): Promise<{ folder: string; module: T }[]> {
  const entries = await readdir(RESOURCES_DIR, { recursive: true });
  const files = entries
    .map((entry) => entry.split(path.sep).join('/'))
    .filter(isFile)
    .sort();
  return Promise.all(
    files.map(async (file) => ({
      folder: file.split('/')[0]!,
      module: (await import(pathToFileURL(path.join(RESOURCES_DIR, file)).href)) as T,
    })),
  );
}

/**
 * Every admin tab with its user-manual paragraph, in tab order: the entities' and the hand-made pages' (each
 * area's `tabs.ts`), with the texts of each area's `manual.ts`, all found by folder as the web app finds them, so a
 * new tab needs no line outside its area.
 */
export async function loadManualTabs(): Promise<readonly ManualTab[]> {
  const texts = new Map(
    (await modulesBy<{ default: ManualTexts }>(isManualFile)).map(({ folder, module }) => [
      folder,
      module.default,
    ]),
  );
  const entityTabs = (await modulesBy<{ default: EntityDeclaration }>(isEntityFile)).flatMap(
    ({ folder, module: { default: entity } }) =>
      entity.area ? [{ area: entity.area, label: entity.label.many, tabOrder: entity.tabOrder, folder }] : [],
  );
  const pageTabs = (await modulesBy<Record<string, TabDeclaration>>(isTabsFile)).flatMap(
    ({ folder, module }) => Object.values(module).map((tab) => ({ ...tab, folder })),
  );
  return [...entityTabs, ...pageTabs]
    .map((tab) => ({ ...tab, text: texts.get(tab.folder)?.[tab.label] ?? '' }))
    .sort((a, b) => a.tabOrder - b.tabOrder);
}
