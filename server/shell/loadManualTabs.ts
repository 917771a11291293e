import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isTabsFile } from '../../src/resources/declarationFiles';
import type { TabDeclaration } from '../../src/resources/tab';
import { loadEntities } from '../platform/entities/loadEntities';

const RESOURCES_DIR = path.resolve(import.meta.dirname, '..', '..', 'src', 'resources');

/** The tabs' declarations a `tabs.ts` exports (every export is one). */
async function declaredTabs(): Promise<TabDeclaration[]> {
  const entries = await readdir(RESOURCES_DIR, { recursive: true });
  const files = entries.filter((entry) => isTabsFile(entry.split(path.sep).join('/'))).sort();
  const tabs: TabDeclaration[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(RESOURCES_DIR, file)).href)) as Record<
      string,
      TabDeclaration
    >;
    tabs.push(...Object.values(module));
  }
  return tabs;
}

/**
 * Every admin tab with its user-manual paragraph, in tab order: the entities' (their `description`) and the
 * hand-made pages' (each area's `tabs.ts`), found by the same rules as the web app, so a new tab needs no line here.
 */
export async function loadManualTabs(): Promise<readonly TabDeclaration[]> {
  const entityTabs = (await loadEntities()).flatMap((entity) =>
    entity.area
      ? [
          {
            area: entity.area,
            label: entity.label.many,
            tabOrder: entity.tabOrder,
            description: entity.description ?? '',
          },
        ]
      : [],
  );
  return [...entityTabs, ...(await declaredTabs())].sort((a, b) => a.tabOrder - b.tabOrder);
}
