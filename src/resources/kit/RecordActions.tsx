import MoreIcon from '@mui/icons-material/MoreHoriz';
import { Button, Menu, MenuItem } from '@mui/material';
import { lazy, Suspense, useMemo, useState } from 'react';
import { usePermissions } from 'react-admin';
import { recordActionsFor } from '../registry';
import type { RecordActionProps } from '../resource';

/**
 * "Weitere": the actions other areas declare for this record page (`recordActions` in their index.ts), each
 * shown only to people with its group; the chosen action's dialog is loaded when it is picked.
 */
export function RecordActions({
  resource,
  record,
}: {
  resource: string;
  record: RecordActionProps['record'];
}) {
  const { permissions } = usePermissions<string[]>();
  const actions = useMemo(
    () => recordActionsFor(resource).filter((action) => permissions?.includes(action.group)),
    [resource, permissions],
  );
  const screens = useMemo(() => actions.map((action) => lazy(action.component)), [actions]);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  if (actions.length === 0) return null;
  const Screen = open === null ? null : screens[open];
  return (
    <>
      <Button
        startIcon={<MoreIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Weitere
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {actions.map((action, index) => (
          <MenuItem
            key={action.label}
            onClick={() => {
              setAnchor(null);
              setOpen(index);
            }}
          >
            {action.label}
          </MenuItem>
        ))}
      </Menu>
      {Screen && (
        <Suspense fallback={null}>
          <Screen record={record} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
