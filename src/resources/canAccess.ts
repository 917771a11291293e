import { hasAnyGroup } from '../auth/groups';
import { AREAS } from './areas';
import type { EntityDeclaration } from './entity';

const READ_ACTIONS = new Set(['list', 'show', 'export']);

/**
 * Pure access policy for menus, routes and buttons: an entity's screens need its area's group and
 * the read or write group. The server enforces the same groups on every call; reading an entity
 * outside its area (a Filiale in a customer form) needs only the read group there.
 */
export function canAccessEntity(
  groups: readonly string[],
  entity: EntityDeclaration,
  action: string,
): boolean {
  if (entity.area && !groups.includes(AREAS[entity.area].group)) return false;
  if (!READ_ACTIONS.has(action) && !entity.endpoints.write) return false;
  return hasAnyGroup(groups, READ_ACTIONS.has(action) ? entity.access.read : entity.access.write);
}
