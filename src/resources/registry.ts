import { isEntityFile, isMenuFile } from './declarationFiles';
import type { EntityDeclaration } from './entity';
import { orderedMenu, type MenuEntry, type MenuItem } from './menu';
import {
  resourcesOf,
  type AreaDeclaration,
  type PageDeclaration,
  type RecordActionDeclaration,
  type ScreenLoader,
  type ViewKind,
} from './resource';

export type { ViewKind } from './resource';

// Vite needs a literal pattern: it offers every candidate, and `isEntityFile`, the server's rule too, decides.
const entityModules = import.meta.glob<{ default: EntityDeclaration }>('./**/*.entity.ts', { eager: true });

// Each area folder names its entities, their hand-made views and its pages in its index.ts.
const resourceModules = import.meta.glob<{ default: AreaDeclaration }>('./*/index.ts', { eager: true });
const RESOURCES = Object.values(resourceModules).flatMap((module) => resourcesOf(module.default));

/** All declared entities, in the order of their tabs. */
export const ENTITIES: readonly EntityDeclaration[] = Object.entries(entityModules)
  .filter(([path]) => isEntityFile(path))
  .map(([, module]) => module.default)
  .sort((a, b) => a.tabOrder - b.tabOrder);

// Each area that has a place in the main menu declares it in its menu.ts.
const menuModules = import.meta.glob<{ default: readonly MenuEntry[] }>('./*/menu.ts', { eager: true });

/** The main menu, from the areas' menu.ts files in their order. */
export const MENU: readonly MenuItem[] = orderedMenu(
  Object.entries(menuModules)
    .filter(([path]) => isMenuFile(path))
    .map(([, module]) => module.default),
);

/** All custom pages below /crm, as their folders declare them. */
export const PAGES: readonly PageDeclaration[] = RESOURCES.flatMap((resource) => resource.pages ?? []);

/** The declaration of a react-admin resource, or undefined for resources that are not declared. */
export const entityByName = (name: string | undefined): EntityDeclaration | undefined =>
  ENTITIES.find((entity) => entity.name === name);

/** Loader of a hand-made view for an entity, if its folder's index.ts names one. */
export function customViewLoader(entity: EntityDeclaration, kind: ViewKind): ScreenLoader | undefined {
  return RESOURCES.find((resource) => resource.entity?.name === entity.name)?.[kind];
}

/** The actions areas offer on a record page of this entity ("kunden"), in the order of their folders. */
export const recordActionsFor = (resource: string): readonly RecordActionDeclaration[] =>
  RESOURCES.flatMap((declared) => declared.recordActions ?? []).filter(
    (action) => action.resource === resource,
  );
