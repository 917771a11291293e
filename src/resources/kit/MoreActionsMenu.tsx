import MoreIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu } from '@mui/material';
import { createContext, useContext, useState, type ReactNode } from 'react';

/** Inside a "Weitere Aktionen" menu: how an action closes it once done (null outside a menu). */
const MenuClose = createContext<(() => void) | null>(null);

/** The close of the "Weitere Aktionen" menu an action sits in, or null when it stands in a toolbar. */
export const useMoreActionsMenu = () => useContext(MenuClose);

/**
 * "⋮" with the rarer actions of a phone's toolbar (as phone CRMs keep export and the like out of the way), so
 * the toolbar stays one row and its main action keeps its place. Actions inside render as menu items
 * (`useMoreActionsMenu`) and close the menu when they are done.
 */
export function MoreActionsMenu({ children }: { children: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        aria-label="Weitere Aktionen"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        color="primary"
        sx={{ width: 44, height: 44 }}
      >
        <MoreIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuClose.Provider value={() => setAnchor(null)}>{children}</MenuClose.Provider>
      </Menu>
    </>
  );
}
