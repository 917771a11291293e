import type { ComponentType } from 'react';
import type { EntityDeclaration } from './entity';

// Every `<folder>/<name>.entity.ts` is an entity: adding one needs no registration anywhere else.
const declarationModules = import.meta.glob<{ default: EntityDeclaration }>('./*/*.entity.ts', {
  eager: true,
});

// Hand-made views replace generated ones by name: `<folder>/<Anything>List.tsx` (or Create, Edit, Show).
const viewModules = import.meta.glob<{ default: ComponentType }>('./*/*{List,Create,Edit,Show}.tsx');

const folderOf = (path: string) => path.split('/')[1]!;

/** All declared entities, in the order of their tabs. */
export const ENTITIES: readonly EntityDeclaration[] = Object.values(declarationModules)
  .map((module) => module.default)
  .sort((a, b) => a.tabOrder - b.tabOrder);

const folderByEntity = new Map(
  Object.entries(declarationModules).map(([path, module]) => [module.default.name, folderOf(path)]),
);

/** The declaration of a react-admin resource, or undefined for resources that are not declared. */
export const entityByName = (name: string | undefined): EntityDeclaration | undefined =>
  ENTITIES.find((entity) => entity.name === name);

export type ViewKind = 'List' | 'Create' | 'Edit' | 'Show';

/** Loader of a hand-made view for an entity, if its folder has one. */
export function customViewLoader(entity: EntityDeclaration, kind: ViewKind) {
  const folder = folderByEntity.get(entity.name);
  const path = Object.keys(viewModules).find((p) => folderOf(p) === folder && p.endsWith(`${kind}.tsx`));
  return path ? viewModules[path] : undefined;
}
