import { Divider, ListSubheader, Menu, MenuItem } from '@mui/material';
import type { BoardState } from './boardState';
import { columnKey, findCard } from './boardState';

/** Where a card goes by menu: the top of another column (where it is seen), or the start or end of its own. */
export interface MenuTarget {
  vorgangId: number;
  anchor: HTMLElement;
}

/**
 * The card's menu "Verschieben nach …": the other columns, and "An den Anfang" / "Ans Ende" of its own.
 * The keyboard's and the phone's way to move a card, and to lose it ("Als verloren markieren …").
 */
export function MoveMenu({
  target,
  board,
  onClose,
  onOpen,
  onMove,
  onLose,
}: {
  target: MenuTarget | null;
  board: BoardState;
  onClose: () => void;
  onOpen: (id: number) => void;
  onMove: (vorgangId: number, toStatusId: number | null, beforeVorgangId: number | null) => void;
  /** Asks for the Verlustgrund and marks it lost (the phone's and the keyboard's drop zone "Verloren"). */
  onLose: (vorgangId: number) => void;
}) {
  const found = target ? findCard(board, target.vorgangId) : null;
  const here = found?.column;
  const act = (run: () => void) => () => {
    onClose();
    run();
  };
  const first = here?.cards[0];
  return (
    <Menu anchorEl={target?.anchor} open={Boolean(target && found)} onClose={onClose}>
      {target &&
        found &&
        here && [
          <MenuItem key="open" onClick={act(() => onOpen(target.vorgangId))}>
            Vorgang öffnen
          </MenuItem>,
          <Divider key="d1" />,
          <ListSubheader key="h" sx={{ lineHeight: '32px' }}>
            Verschieben nach …
          </ListSubheader>,
          ...board.columns
            .filter((column) => columnKey(column.customStatusId) !== columnKey(here.customStatusId))
            .map((column) => (
              <MenuItem
                key={columnKey(column.customStatusId)}
                onClick={act(() =>
                  onMove(target.vorgangId, column.customStatusId, column.cards[0]?.id ?? null),
                )}
              >
                {column.name}
              </MenuItem>
            )),
          <Divider key="d2" />,
          <MenuItem
            key="start"
            disabled={found.index === 0}
            onClick={act(() => onMove(target.vorgangId, here.customStatusId, first?.id ?? null))}
          >
            An den Anfang
          </MenuItem>,
          <MenuItem
            key="end"
            disabled={!here.hasMore && found.index === here.cards.length - 1}
            onClick={act(() => onMove(target.vorgangId, here.customStatusId, null))}
          >
            Ans Ende
          </MenuItem>,
          <Divider key="d3" />,
          <MenuItem key="lose" onClick={act(() => onLose(target.vorgangId))} sx={{ color: 'error.main' }}>
            Als verloren markieren …
          </MenuItem>,
        ]}
    </Menu>
  );
}
