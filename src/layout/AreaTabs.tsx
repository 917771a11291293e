import { Tab, Tabs } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { AREAS, type AreaName } from '../resources/areas';
import { canAccessEntity } from '../resources/canAccess';
import { ENTITIES } from '../resources/registry';

/** The tabs of an admin area: one per entity of that area the user may open. */
export function AreaTabs({ area }: { area: AreaName }) {
  const { permissions = [] } = usePermissions<string[]>();
  const location = useLocation();
  const entities = ENTITIES.filter((e) => e.area === area && canAccessEntity(permissions, e, 'list'));
  const current = entities.find((e) => location.pathname.startsWith(`/crm/${e.name}`));
  if (entities.length === 0) return null;
  return (
    <Tabs
      value={current?.name ?? false}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={AREAS[area].label}
      sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      {entities.map((entity) => (
        <Tab
          key={entity.name}
          value={entity.name}
          label={entity.label.many}
          component={Link}
          to={`/crm/${entity.name}`}
        />
      ))}
    </Tabs>
  );
}
