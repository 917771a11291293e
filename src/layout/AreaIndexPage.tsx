import { Navigate } from 'react-router-dom';
import { Loading, usePermissions } from 'react-admin';
import { AREAS, type AreaName } from '../resources/areas';
import { canAccessEntity } from '../resources/canAccess';
import { ENTITIES } from '../resources/registry';
import { NoPermissionPage } from './NoPermissionPage';

/** /crm/admin and friends: open the area's first tab the user may see. */
export function AreaIndexPage({ area }: { area: AreaName }) {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return <Loading />;
  if (!permissions?.includes(AREAS[area].group)) return <NoPermissionPage />;
  const first = ENTITIES.find((e) => e.area === area && canAccessEntity(permissions, e, 'list'));
  if (!first) {
    return (
      <NoPermissionPage title={AREAS[area].label} text="In diesem Bereich gibt es noch keine Einträge." />
    );
  }
  return <Navigate to={`/crm/${first.name}`} replace />;
}
