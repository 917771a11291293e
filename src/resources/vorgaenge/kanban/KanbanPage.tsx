import { SavedViewPicker } from '../../savedViews/SavedViewPicker';
import { DragDropContext, type DropResult } from '@hello-pangea/dnd';
import { Alert, Box, CircularProgress, useMediaQuery, type Theme } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useCompanyZone } from '../../../config/useCompanyZone';
import { columnKey, findCard, statusOfKey } from './boardState';
import { DesktopBoard } from './DesktopBoard';
import { DRAG_INSTRUCTIONS, dragEndText, dragStartText, dragUpdateText } from './dragAnnouncements';
import { KanbanFilters } from './KanbanFilters';
import type { ColumnActions } from './KanbanColumnList';
import { LiveIndicator } from './LiveIndicator';
import { MoveMenu, type MenuTarget } from './MoveMenu';
import { PhoneBoard } from './PhoneBoard';
import { useKanbanBoard } from './useKanbanBoard';
import { useKanbanEvents } from './useKanbanEvents';
import { useKanbanFilter } from './useKanbanFilter';
import { useLoseFromBoard } from './useLoseFromBoard';
import { BoardSummary } from './BoardSummary';
import { VorgangDialog } from './VorgangDialog';

const BOARD_PATH = '/crm/vorgang/kartenansicht';

/** The address without the opened card's own parameters (its tab), so the board's filters stay. */
function boardSearch(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('tab');
  return params.size ? `?${params}` : '';
}

/**
 * The Kartenansicht (/crm/vorgang/kartenansicht): Vorgänge as cards in columns by their Eigener Status, moved
 * by drag and drop, keyboard or menu, with colleagues' moves arriving live; /…/:id opens a card over it.
 */
export default function KanbanPage() {
  const zone = useCompanyZone();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { filter, update } = useKanbanFilter();
  const { board, error, pending, move, loadMore, applyEvent, reload } = useKanbanBoard(filter);
  const live = useKanbanEvents({
    startAfter: board?.lastEventId ?? null,
    onMove: applyEvent,
    onReload: () => void reload(),
  });
  const navigate = useNavigate();
  const location = useLocation();
  const openedId = Number(useParams()['*']);
  const [menu, setMenu] = useState<MenuTarget | null>(null);
  const losing = useLoseFromBoard(board, () => void reload());

  const open = useCallback(
    (id: number) =>
      navigate(`${BOARD_PATH}/${id}${boardSearch(location.search)}`, { state: { fromBoard: true } }),
    [navigate, location.search],
  );
  const close = () => {
    if ((location.state as { fromBoard?: boolean } | null)?.fromBoard) navigate(-1);
    else navigate(`${BOARD_PATH}${boardSearch(location.search)}`, { replace: true });
  };
  const onMenu = useCallback((vorgangId: number, anchor: HTMLElement) => setMenu({ vorgangId, anchor }), []);
  const actions: ColumnActions = useMemo(
    () => ({ zone, pending, onOpen: open, onMenu, onNearEnd: loadMore }),
    [zone, pending, open, onMenu, loadMore],
  );

  // Dropped on the "Verloren" zone: the reason dialog opens instead of a move (and is announced so).
  const onDragEnd = (result: DropResult, announce: (text: string) => void) => {
    if (!board) return;
    if (losing.dropped(result)) {
      announce('Auf „Verloren“ abgelegt: Bitte wählen Sie den Verlustgrund.');
      return;
    }
    announce(dragEndText(board, result));
    const { draggableId, source, destination } = result;
    if (!destination) return;
    const vorgangId = Number(draggableId);
    const target = board.columns.find((c) => String(columnKey(c.customStatusId)) === destination.droppableId);
    if (!target || !findCard(board, vorgangId)) return;
    // The index counts the target's cards without the dragged one: the card now at that index is "before".
    const others = target.cards.filter((card) => card.id !== vorgangId);
    if (source.droppableId === destination.droppableId && source.index === destination.index) return;
    move(vorgangId, statusOfKey(Number(destination.droppableId)), others[destination.index]?.id ?? null);
  };

  return (
    <Box>
      <Title title="Kartenansicht" />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        <KanbanFilters filter={filter} update={update} phone={phone} />
        <SavedViewPicker listKey="kartenansicht" />
        <LiveIndicator state={live} />
      </Box>
      {board && <BoardSummary board={board} filter={filter} />}
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      {!board ? (
        !error && <CircularProgress sx={{ m: 4 }} aria-label="Kartenansicht wird geladen" />
      ) : (
        <DragDropContext
          dragHandleUsageInstructions={DRAG_INSTRUCTIONS}
          onDragStart={(start, provided) => {
            losing.onDragStart();
            provided.announce(dragStartText(board, start));
          }}
          onDragUpdate={(update, provided) => provided.announce(dragUpdateText(board, update))}
          onDragEnd={(result, provided) => onDragEnd(result, provided.announce)}
        >
          {phone ? (
            <PhoneBoard board={board} actions={actions} />
          ) : (
            <DesktopBoard board={board} actions={actions} />
          )}
          {losing.element}
        </DragDropContext>
      )}
      {board && (
        <MoveMenu
          target={menu}
          board={board}
          onClose={() => setMenu(null)}
          onOpen={open}
          onMove={move}
          onLose={losing.lose}
        />
      )}
      {Number.isInteger(openedId) && openedId > 0 && <VorgangDialog vorgangId={openedId} onClose={close} />}
    </Box>
  );
}
