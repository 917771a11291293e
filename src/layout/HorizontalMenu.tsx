import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, IconButton } from '@mui/material';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MENU_ICONS } from './menuIcons';
import { MenuEntryBadge } from './TodoCountBadge';
import { isActive, type MenuItem } from '../resources/menu';
import { MenuStatus } from './MenuStatus';
import { SubMenuFlyout } from './SubMenuFlyout';
import { useAllowedMenu } from './useAllowedMenu';

function TopEntry({ item }: { item: MenuItem }) {
  const { pathname } = useLocation();
  // The flyout belongs to the page it was opened on: any navigation closes it.
  const [opened, setOpened] = useState<{ anchor: HTMLElement; path: string } | null>(null);
  const anchor = opened?.path === pathname ? opened.anchor : null;
  const setAnchor = (element: HTMLElement | null) =>
    setOpened(element ? { anchor: element, path: pathname } : null);
  const Icon = MENU_ICONS[item.icon];
  const active = isActive(item.routerLink, pathname);
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', listStyle: 'none' }}>
      <Button
        component={Link}
        to={item.routerLink}
        startIcon={
          <MenuEntryBadge icon={item.icon}>
            <Icon />
          </MenuEntryBadge>
        }
        color={active ? 'primary' : 'inherit'}
        aria-current={active ? 'page' : undefined}
        sx={{ textTransform: 'none', fontWeight: active ? 700 : 500, whiteSpace: 'nowrap' }}
      >
        {item.label}
      </Button>
      {item.items && (
        <>
          <IconButton
            size="small"
            aria-label={`Untermenü ${item.label}`}
            aria-haspopup="menu"
            aria-expanded={Boolean(anchor)}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <ExpandMoreIcon fontSize="small" />
          </IconButton>
          <SubMenuFlyout items={item.items} anchor={anchor} onClose={() => setAnchor(null)} />
        </>
      )}
    </Box>
  );
}

/** The horizontal menu: a bar of entries below the top bar (desktop only). */
export function HorizontalMenu() {
  const items = useAllowedMenu();
  return (
    <Box
      component="nav"
      aria-label="Hauptmenü"
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', px: 1, overflowX: 'auto' }}
    >
      {!items || items.length === 0 ? (
        <MenuStatus loading={!items} />
      ) : (
        <Box component="ul" sx={{ display: 'flex', gap: 0.5, m: 0, p: 0.5 }}>
          {items.map((item) => (
            <TopEntry key={item.routerLink} item={item} />
          ))}
        </Box>
      )}
    </Box>
  );
}
