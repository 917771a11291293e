import { Tab, Tabs } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { AREAS, type AreaName } from '../resources/areas';
import { canAccessEntity } from '../resources/canAccess';
import { ENTITIES, PAGES } from '../resources/registry';

/** The tabs of an admin area: its entities and hand-made pages that the user may open. */
export function AreaTabs({ area }: { area: AreaName }) {
  const { permissions = [] } = usePermissions<string[]>();
  const location = useLocation();
  const tabs = [
    ...ENTITIES.filter((e) => e.area === area && canAccessEntity(permissions, e, 'list')).map((e) => ({
      path: e.name,
      label: e.label.many,
      order: e.tabOrder,
    })),
    ...PAGES.filter((p) => p.area === area && p.group && permissions.includes(p.group)).map((p) => ({
      path: p.path,
      label: p.label,
      order: p.tabOrder ?? 0,
    })),
  ].sort((a, b) => a.order - b.order);
  const current = tabs.find((tab) => location.pathname.startsWith(`/crm/${tab.path}`));
  if (tabs.length === 0) return null;
  return (
    <Tabs
      value={current?.path ?? false}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={AREAS[area].label}
      sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.path} value={tab.path} label={tab.label} component={Link} to={`/crm/${tab.path}`} />
      ))}
    </Tabs>
  );
}
