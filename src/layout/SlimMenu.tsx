import { IconButton, List, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MENU_ICONS } from './menuIcons';
import { MenuEntryBadge } from './TodoCountBadge';
import { isActive, type MenuItem } from '../resources/menu';
import { MenuStatus } from './MenuStatus';
import { SubMenuFlyout } from './SubMenuFlyout';
import { useAllowedMenu } from './useAllowedMenu';

function SlimEntry({ item }: { item: MenuItem }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The flyout belongs to the page it was opened on: any navigation closes it.
  const [opened, setOpened] = useState<{ anchor: HTMLElement; path: string } | null>(null);
  const anchor = opened?.path === pathname ? opened.anchor : null;
  const setAnchor = (element: HTMLElement | null) =>
    setOpened(element ? { anchor: element, path: pathname } : null);
  const Icon = MENU_ICONS[item.icon];
  const active = isActive(item.routerLink, pathname);
  const button = (
    <IconButton
      aria-label={item.label}
      aria-haspopup={item.items ? 'menu' : undefined}
      aria-expanded={item.items ? Boolean(anchor) : undefined}
      aria-current={active ? 'page' : undefined}
      {...(item.items
        ? {
            onClick: (event: React.MouseEvent<HTMLElement>) => {
              // Opened for the page it navigates to, so that navigation does not close it again.
              setOpened({ anchor: event.currentTarget, path: item.routerLink });
              void navigate(item.routerLink);
            },
          }
        : { component: Link, to: item.routerLink })}
      sx={{
        width: 48,
        height: 48,
        borderRadius: 2,
        color: active ? 'primary.main' : 'text.secondary',
        bgcolor: active ? 'action.selected' : undefined,
      }}
    >
      <MenuEntryBadge icon={item.icon}>
        <Icon />
      </MenuEntryBadge>
    </IconButton>
  );
  return (
    <li style={{ display: 'flex', justifyContent: 'center', margin: '4px 0' }}>
      <Tooltip title={item.label} placement="right">
        {button}
      </Tooltip>
      {item.items && (
        <SubMenuFlyout
          items={item.items}
          anchor={anchor}
          onClose={() => setAnchor(null)}
          placement={{
            anchorOrigin: { vertical: 'top', horizontal: 'right' },
            transformOrigin: { vertical: 'top', horizontal: 'left' },
          }}
        />
      )}
    </li>
  );
}

/** The slim menu: icons with tooltips; Vorgangsübersicht opens its sub-items as a flyout. */
export function SlimMenu() {
  const items = useAllowedMenu();
  if (!items || items.length === 0) return <MenuStatus loading={!items} />;
  return (
    <nav aria-label="Hauptmenü">
      <List sx={{ py: 1 }}>
        {items.map((item) => (
          <SlimEntry key={item.routerLink} item={item} />
        ))}
      </List>
    </nav>
  );
}
