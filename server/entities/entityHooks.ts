import { activityHooks } from '../activities/activityHooks';
import type { EntityHooks } from './entityRepository';

/** Server-side effects of saving some entities, by entity name; the declarations stay free of server code. */
export const ENTITY_HOOKS: Readonly<Record<string, EntityHooks>> = {
  aktivitaeten: activityHooks,
};
