import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { Menu, usePermissions } from 'react-admin';
import { hasAnyGroup } from '../auth/groups';
import { AREAS } from '../resources/areas';

/** A plain menu of the areas the user may open (the full SPEC §2 menu is built in the shell). */
export function CrmMenu() {
  const { permissions = [], isPending } = usePermissions<string[]>();
  if (isPending) return <Menu>Laden...</Menu>;
  return (
    <Menu>
      {hasAnyGroup(permissions, ['APP_KUNDE']) && (
        <Menu.Item to="/crm/dashboard" primaryText="Dashboard" leftIcon={<DashboardIcon />} />
      )}
      {Object.values(AREAS)
        .filter((area) => permissions.includes(area.group))
        .map((area) => (
          <Menu.Item
            key={area.path}
            to={`/crm/${area.path}`}
            primaryText={area.label}
            leftIcon={<AdminPanelSettingsIcon />}
          />
        ))}
    </Menu>
  );
}
