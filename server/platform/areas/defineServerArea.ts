import type { FastifyInstance } from 'fastify';
import type { EntityDeclaration } from '../../../src/resources/entity';
import type { EntityHooks } from '../entities/entityRepository';
import type { AppOptions } from './appOptions';

/** Registers an area's routes, encapsulated: what it adds to `app` stays inside the area. */
export type AreaPlugin = (app: FastifyInstance, options: AppOptions) => Promise<void>;

/** What `server/<area>/index.ts` exports by default; the server finds it by its folder. */
export interface ServerArea {
  plugin: AreaPlugin;
  /**
   * Server-side effects of saving the area's entities, each named by its imported declaration (`hooksOf`), for
   * the tenant's time zone (a new activity's default due day is a company day); the declarations stay free of
   * server code.
   */
  entityHooks?: (timeZone: string) => readonly EntityHooksOf[];
}

/** The hooks of one entity, tied to its declaration (not to a name a typo would miss). */
export interface EntityHooksOf {
  entity: EntityDeclaration;
  hooks: EntityHooks;
}

/** Ties `hooks` to the entity `entity` declares. */
export const hooksOf = (entity: EntityDeclaration, hooks: EntityHooks): EntityHooksOf => ({ entity, hooks });

/** Declares an area's server side: its plugin and the hooks of its entities. */
export function defineServerArea(area: ServerArea): ServerArea {
  if (typeof area.plugin !== 'function') throw new Error('Ein Bereich braucht ein Plugin ("plugin").');
  return Object.freeze(area);
}
