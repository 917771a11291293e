import { memo } from 'react';
import { Collapse, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { MENU_ICONS } from './menuIcons';
import { MenuEntryBadge } from './TodoCountBadge';
import { isActive, type MenuItem } from '../resources/menu';
import { MenuStatus } from './MenuStatus';
import { useAllowedMenu } from './useAllowedMenu';

const SUBMENU_MS = 400;

function Entry({
  item,
  nested = false,
  exact = false,
}: {
  item: Omit<MenuItem, 'appGroup'>;
  nested?: boolean;
  exact?: boolean;
}) {
  const { pathname } = useLocation();
  const Icon = MENU_ICONS[item.icon];
  const active = isActive(item.routerLink, pathname, exact);
  return (
    <ListItemButton
      component={Link}
      to={item.routerLink}
      selected={active}
      aria-current={active ? 'page' : undefined}
      sx={{
        borderRadius: 2,
        mx: 1,
        my: 0.25,
        pl: nested ? 4.5 : 2,
        // Text stays in the text colour (readable on any tint); the icon and a bar mark the page.
        '&.Mui-selected': { boxShadow: (theme) => `inset 3px 0 0 ${theme.palette.primary.main}` },
        '&.Mui-selected .MuiListItemText-primary': { fontWeight: 700 },
        '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
      }}
    >
      <ListItemIcon sx={{ minWidth: 36 }}>
        <MenuEntryBadge icon={item.icon}>
          <Icon fontSize="small" />
        </MenuEntryBadge>
      </ListItemIcon>
      <ListItemText primary={item.label} slotProps={{ primary: { noWrap: true, fontSize: '0.95rem' } }} />
    </ListItemButton>
  );
}

/**
 * The vertical menu (static, overlay and mobile modes): the menu's entries the person may open. Memoised: the
 * frame around it is drawn again whenever react-admin reconfigures its routes, the menu only when it changes.
 */
export const SideMenu = memo(function SideMenu() {
  const items = useAllowedMenu();
  if (!items || items.length === 0) return <MenuStatus loading={!items} />;
  return (
    <nav aria-label="Hauptmenü">
      <List dense sx={{ py: 1 }}>
        {items.map((item) => (
          <ListItem key={item.routerLink} disablePadding sx={{ display: 'block' }}>
            <Entry item={item} exact={Boolean(item.items)} />
            {item.items && (
              // Vorgangsübersicht is always expanded, as in the client's app.
              <Collapse in={item.forceExpanded} timeout={SUBMENU_MS}>
                <List disablePadding dense>
                  {item.items.map((sub) => (
                    <ListItem key={sub.routerLink} disablePadding sx={{ display: 'block' }}>
                      <Entry item={sub} nested exact />
                    </ListItem>
                  ))}
                </List>
              </Collapse>
            )}
          </ListItem>
        ))}
      </List>
    </nav>
  );
});
