import { activityHooks } from './activityHooks';
import { customerHooks } from './customerHooks';
import type { EntityHooks } from '../platform/entities/entityRepository';

/** Server-side effects of saving the customer area's entities, by entity name; the declarations stay free of server code. */
export const CUSTOMER_ENTITY_HOOKS: Readonly<Record<string, EntityHooks>> = {
  aktivitaeten: activityHooks,
  kunden: customerHooks,
};
