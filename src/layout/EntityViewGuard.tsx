import type { ComponentType } from 'react';
import { Loading, usePermissions } from 'react-admin';
import { canAccessEntity } from '../resources/canAccess';
import type { EntityDeclaration } from '../resources/entity';
import type { PageDeclaration } from '../resources/resource';
import { mayOpenPage } from '../resources/routeTarget';
import { NoPermissionPage } from './NoPermissionPage';
import { StableRouteContext } from './StableRouteContext';

/**
 * The one check between a route and its screen: the screen only mounts for people whose groups open it. A
 * screen's own queries would run beside any check inside it, so a person without the group saw 403 calls, a
 * toolbar over endless loading or a blank page; here neither the screen's code (a lazy
 * screen loads when it first renders) nor its data are asked for, and the page says once that access is missing.
 */
function guardScreen(
  name: string,
  mayOpen: (groups: readonly string[]) => boolean,
  View: ComponentType,
  Denied: ComponentType = NoPermissionPage,
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
    if (!mayOpen(permissions ?? [])) return <Denied />;
    return view;
  }
  GuardedView.displayName = `Guarded(${name})`;
  return GuardedView;
}

/** An entity's view behind the entity's groups (react-admin's Resource props). */
export function guardView(
  entity: EntityDeclaration,
  action: 'list' | 'create' | 'edit' | 'show',
  View: ComponentType,
): ComponentType {
  return guardScreen(`${entity.name}.${action}`, (groups) => canAccessEntity(groups, entity, action), View);
}

/** A declared page behind its group (and its area's); `Denied` is the page's own explanation, if it has one. */
export function guardPage(page: PageDeclaration, View: ComponentType, Denied?: ComponentType): ComponentType {
  return guardScreen(page.path, (groups) => mayOpenPage(groups, page), View, Denied);
}
