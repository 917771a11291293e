import type { QueryClient } from '@tanstack/react-query';
import { canAccessEntity } from '../resources/canAccess';
import { entityByName } from '../resources/registry';
import { routeTarget } from '../resources/routeTarget';

/** As long as react-admin keeps its permissions: they are all checks of this page load's session. */
const AUTH_FRESH_MS = 5 * 60 * 1000;
const VIEW_ACTIONS = ['list', 'show', 'edit', 'create', 'delete', 'export'] as const;

/**
 * Answers react-admin's own auth queries from what CrmGuard has checked already (an account, its groups), so
 * that its frame and the address's screen draw at once, with their data, instead of a loading state first and
 * everything drawn again one asynchronous check later: checkAuth, getPermissions, and canAccess for the entity
 * the address opens (a list shows its rows only once 'list' is allowed). The answers are the pure policy the
 * authProvider applies (canAccessEntity); the server checks every call anyway.
 */
export function seedAuthQueries(queryClient: QueryClient, groups: readonly string[], pathname: string): void {
  for (const kind of ['checkAuth', 'getPermissions', 'canAccess'])
    queryClient.setQueryDefaults(['auth', kind], { staleTime: AUTH_FRESH_MS });
  queryClient.setQueryData(['auth', 'checkAuth', {}], true);
  queryClient.setQueryData(['auth', 'getPermissions', {}], groups);
  const target = routeTarget(pathname);
  const entity = target && 'entity' in target ? entityByName(target.entity) : undefined;
  if (!entity) return;
  for (const action of VIEW_ACTIONS) {
    const allowed = canAccessEntity(groups, entity, action);
    // As useCanAccess keys them: the views' controllers pass `enabled`, buttons do not.
    queryClient.setQueryData(['auth', 'canAccess', { action, resource: entity.name }], allowed);
    queryClient.setQueryData(
      ['auth', 'canAccess', { action, resource: entity.name, enabled: true }],
      allowed,
    );
  }
}
