import { activityHooks } from '../activities/activityHooks';
import { customerHooks } from './customerHooks';
import type { EntityHooks } from '../platform/entities/entityRepository';

/**
 * Server-side effects of saving the customer area's entities, by entity name, for the tenant's time zone;
 * the declarations stay free of server code.
 */
export const customerEntityHooks = (timeZone: string): Readonly<Record<string, EntityHooks>> => ({
  aktivitaeten: activityHooks(timeZone),
  kunden: customerHooks,
});
