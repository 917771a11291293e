import DownloadIcon from '@mui/icons-material/Download';
import MoreIcon from '@mui/icons-material/MoreVert';
import {
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
} from '@mui/material';
import { useState } from 'react';
import { formatCompanyDateTime } from '../../config/companyTime';
import type { DownloadItem } from './downloads.endpoints';
import { FileLookIcon, formatFileSize } from './fileLook';
import { useCompanyZone } from '../../config/useCompanyZone';

/** An item of a folder or of the search hits (which say where they lie). */
export type ListedItem = DownloadItem & { folderPath?: string };

/** What the list asks of its page: open a folder or file, download, and (admins) rename or delete. */
export interface DownloadListActions {
  open: (item: ListedItem) => void;
  download: (item: ListedItem) => void;
  rename?: (item: ListedItem) => void;
  remove?: (item: ListedItem) => void;
}

/** Folders and files, one row each: icon by type, name, size and date, download and admin menu. */
export function DownloadList({
  items,
  label,
  actions,
}: {
  items: readonly ListedItem[];
  label: string;
  actions: DownloadListActions;
}) {
  const zone = useCompanyZone();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; item: ListedItem } | null>(null);
  const details = (item: ListedItem) =>
    [
      item.folderPath !== undefined ? `in ${item.folderPath || 'Dateien'}` : null,
      item.size !== null ? formatFileSize(item.size) : null,
      item.modifiedAt ? formatCompanyDateTime(item.modifiedAt, zone) : null,
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <>
      <List aria-label={label} dense disablePadding>
        {items.map((item) => (
          <ListItem
            key={item.id}
            divider
            disablePadding
            secondaryAction={
              <>
                {!item.isFolder && (
                  <IconButton
                    aria-label={`${item.name} herunterladen`}
                    onClick={() => actions.download(item)}
                  >
                    <DownloadIcon />
                  </IconButton>
                )}
                {actions.rename && (
                  <IconButton
                    aria-label={`${item.name}: weitere Aktionen`}
                    onClick={(event) => setMenu({ anchor: event.currentTarget, item })}
                  >
                    <MoreIcon />
                  </IconButton>
                )}
              </>
            }
          >
            <ListItemButton onClick={() => actions.open(item)} sx={{ pr: actions.rename ? 12 : 7 }}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <FileLookIcon item={item} />
              </ListItemIcon>
              <ListItemText
                primary={item.name}
                secondary={details(item) || undefined}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            actions.rename?.(menu!.item);
            setMenu(null);
          }}
        >
          Umbenennen
        </MenuItem>
        <MenuItem
          sx={{ color: 'error.main' }}
          onClick={() => {
            actions.remove?.(menu!.item);
            setMenu(null);
          }}
        >
          Löschen
        </MenuItem>
      </Menu>
    </>
  );
}
