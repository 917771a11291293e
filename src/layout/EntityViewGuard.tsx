import type { ComponentType } from 'react';
import { Loading, usePermissions } from 'react-admin';
import { canAccessEntity } from '../resources/canAccess';
import type { EntityDeclaration } from '../resources/entity';
import { NoPermissionPage } from './NoPermissionPage';
import { StableRouteContext } from './StableRouteContext';

/**
 * An entity's view that only mounts for people its groups allow. react-admin's own check runs beside the
 * view's queries, so a person without the group saw four 403 calls, a jump to /access-denied and a toast
 * (issue 21); here nothing is called and the page says once that access is missing.
 */
export function guardView(
  entity: EntityDeclaration,
  action: 'list' | 'create' | 'edit' | 'show',
  View: ComponentType,
): ComponentType {
  // One element for good: when the guard draws again (its permissions query settling after mount), React
  // then leaves the view as it is instead of drawing the whole screen again.
  const view = (
    <StableRouteContext>
      <View />
    </StableRouteContext>
  );
  function GuardedView() {
    const { permissions, isPending } = usePermissions<string[]>();
    if (isPending) return <Loading />;
    if (!canAccessEntity(permissions ?? [], entity, action)) return <NoPermissionPage />;
    return view;
  }
  GuardedView.displayName = `Guarded(${entity.name}.${action})`;
  return GuardedView;
}
