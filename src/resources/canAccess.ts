import { hasAnyGroup } from '../auth/groups';
import type { EntityDeclaration } from './entity';

const READ_ACTIONS = new Set(['list', 'show', 'export']);

/** Pure access policy for menus, routes and buttons; the server enforces the same groups. */
export function canAccessEntity(
  groups: readonly string[],
  entity: EntityDeclaration,
  action: string,
): boolean {
  return hasAnyGroup(groups, READ_ACTIONS.has(action) ? entity.access.read : entity.access.write);
}
