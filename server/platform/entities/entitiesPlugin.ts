import type { FastifyInstance } from 'fastify';
import type { EntityDeclaration } from '../../../src/resources/entity';
import type { EntityHooks } from './entityRepository';
import { registerEntityRoutes } from './entityRoutes';

export interface EntitiesPluginOptions {
  entities: readonly EntityDeclaration[];
  /** Server-side effects of saving, by entity name; the areas supply them so the platform knows no area. */
  hooks: Readonly<Record<string, EntityHooks>>;
}

/** The generic CRUD routes of every declared entity; needs `app.db`. */
export async function entitiesPlugin(app: FastifyInstance, options: EntitiesPluginOptions) {
  const byName = new Map(options.entities.map((declaration) => [declaration.name, declaration]));
  for (const declaration of options.entities) {
    registerEntityRoutes(app, declaration, options.hooks[declaration.name], (name) => byName.get(name));
  }
}
