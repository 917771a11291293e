import { ListItemIcon, ListItemText, Menu, MenuItem as MuiMenuItem, type MenuProps } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { MENU_ICONS } from './menuIcons';
import type { MenuItem } from '../resources/menu';

/** The sub-items of an entry as a flyout (slim and horizontal menus), opening in 400 ms. */
export function SubMenuFlyout({
  items,
  anchor,
  onClose,
  placement,
}: {
  items: NonNullable<MenuItem['items']>;
  anchor: HTMLElement | null;
  onClose: () => void;
  placement?: Pick<MenuProps, 'anchorOrigin' | 'transformOrigin'>;
}) {
  const { pathname } = useLocation();
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} transitionDuration={400} {...placement}>
      {items.map((sub) => {
        const SubIcon = MENU_ICONS[sub.icon];
        return (
          <MuiMenuItem
            key={sub.routerLink}
            component={Link}
            to={sub.routerLink}
            selected={pathname === sub.routerLink}
          >
            <ListItemIcon>
              <SubIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{sub.label}</ListItemText>
          </MuiMenuItem>
        );
      })}
    </Menu>
  );
}
