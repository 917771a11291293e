import {
  Draggable,
  Droppable,
  type DraggableProvided,
  type DraggableRubric,
  type DraggableStateSnapshot,
  type DroppableProvided,
  type DroppableStateSnapshot,
} from '@hello-pangea/dnd';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type CSSProperties, type KeyboardEvent } from 'react';
import type { ColumnState } from './boardState';
import { columnKey } from './boardState';
import { CARD_GAP, CARD_HEIGHT, KanbanCardView } from './KanbanCardView';
import type { KanbanCard } from './kanbanTypes';

/**
 * How much of a column is drawn: `later` no cards yet (right of the view on the first render), `inView` the
 * cards in view, `full` those and a few around them for scrolling.
 */
export type ColumnDraw = 'later' | 'inView' | 'full';

/** What a column needs besides its cards: what a card does when opened, its menu, and loading more. */
export interface ColumnActions {
  zone: string;
  pending: ReadonlySet<number>;
  dragDisabled?: boolean;
  onOpen: (id: number) => void;
  onMenu: (id: number, anchor: HTMLElement) => void;
  onNearEnd: (customStatusId: number | null) => void;
}

/**
 * The cards of one column as a drop target: only the cards in view (and a few around) are in the DOM
 * (@tanstack/react-virtual); @hello-pangea/dnd's virtual mode drags a clone, so a card may scroll out of view.
 */
export function KanbanColumnList({
  column,
  actions,
  draw = 'full',
}: {
  column: ColumnState;
  actions: ColumnActions;
  draw?: ColumnDraw;
}) {
  const renderClone = useCallback(
    (provided: DraggableProvided, snapshot: DraggableStateSnapshot, rubric: DraggableRubric) => (
      <CardSlot
        provided={provided}
        snapshot={snapshot}
        card={column.cards[rubric.source.index]!}
        actions={actions}
      />
    ),
    [column.cards, actions],
  );
  return (
    <Droppable
      droppableId={String(columnKey(column.customStatusId))}
      mode="virtual"
      renderClone={renderClone}
    >
      {(provided, snapshot) => (
        <VirtualCards column={column} actions={actions} draw={draw} provided={provided} snapshot={snapshot} />
      )}
    </Droppable>
  );
}

function VirtualCards({
  column,
  actions,
  draw,
  provided,
  snapshot,
}: {
  column: ColumnState;
  actions: ColumnActions;
  draw: ColumnDraw;
  provided: DroppableProvided;
  snapshot: DroppableStateSnapshot;
}) {
  const scroller = useRef<HTMLDivElement | null>(null);
  // A card dragged in from elsewhere needs room: one more slot while it hovers here.
  const count = column.cards.length + (snapshot.isUsingPlaceholder ? 1 : 0);
  // TanStack Virtual hands out fresh functions each render; the React Compiler leaves this component as is.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: draw === 'later' ? 0 : count,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_HEIGHT,
    overscan: draw === 'full' ? 6 : 0,
    // The first render's range before the column is measured: at most the window's height (not none and then
    // a second render before the first paint).
    initialRect: { width: 0, height: window.innerHeight },
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items[items.length - 1]?.index ?? -1;
  const { onNearEnd } = actions;
  // Near its end a column loads its next cards; only then does the spinner below them turn. One turning
  // below the fold of each long column kept the page redrawing 60 times a second while nothing happened.
  const loadingMore = draw === 'full' && column.hasMore && lastShown >= column.cards.length - 8;
  useEffect(() => {
    if (loadingMore) onNearEnd(column.customStatusId);
  }, [loadingMore, lastShown, column.cards.length, column.customStatusId, onNearEnd]);
  const setRef = useCallback(
    (element: HTMLDivElement | null) => {
      scroller.current = element;
      provided.innerRef(element);
    },
    [provided],
  );
  return (
    <Box
      ref={setRef}
      {...provided.droppableProps}
      role="group"
      aria-label={`Karten: ${column.name}`}
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        px: 1,
        pt: 0.5,
        bgcolor: snapshot.isDraggingOver ? 'action.hover' : undefined,
        transition: 'background-color 150ms',
      }}
    >
      {column.cards.length === 0 && !snapshot.isUsingPlaceholder ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', py: 3 }}>
          Keine Vorgänge
        </Typography>
      ) : (
        <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const card = column.cards[item.index];
            if (!card) return null;
            return (
              <Draggable
                key={card.id}
                draggableId={String(card.id)}
                index={item.index}
                isDragDisabled={actions.dragDisabled || actions.pending.has(card.id)}
              >
                {(dragProvided, dragSnapshot) => (
                  <CardSlot
                    provided={dragProvided}
                    snapshot={dragSnapshot}
                    card={card}
                    actions={actions}
                    place={{ position: 'absolute', top: item.start, left: 0, right: 0, height: CARD_HEIGHT }}
                  />
                )}
              </Draggable>
            );
          })}
        </Box>
      )}
      {column.hasMore && (
        <Box
          sx={{ display: 'flex', justifyContent: 'center', py: 1, height: 36 }}
          aria-label={loadingMore ? 'Weitere Karten werden geladen' : undefined}
        >
          {loadingMore && <CircularProgress size={20} />}
        </Box>
      )}
    </Box>
  );
}

const DROP_SETTLE = '0.1s';

/** One card's slot: the drag handle (focusable; space lifts it, arrows move it, Enter opens it). */
function CardSlot({
  provided,
  snapshot,
  card,
  actions,
  place,
}: {
  provided: DraggableProvided;
  snapshot: DraggableStateSnapshot;
  card: KanbanCard;
  actions: ColumnActions;
  place?: CSSProperties;
}) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !snapshot.isDragging && event.target === event.currentTarget) {
      actions.onOpen(card.id);
    }
  };
  const { innerRef: attach, draggableProps, dragHandleProps } = provided;
  // The library calls onDragEnd only when its drop animation (up to 0.55 s) has ended: the move is saved and
  // reaches colleagues' boards that much later. A short settle keeps the motion without the wait.
  const dragStyle = snapshot.isDropAnimating
    ? { ...draggableProps.style, transitionDuration: DROP_SETTLE }
    : draggableProps.style;
  return (
    <div
      ref={attach}
      {...draggableProps}
      {...dragHandleProps}
      aria-label={`${card.vorgangNumber} ${card.customerName}`}
      onKeyDown={onKeyDown}
      style={{ ...place, ...dragStyle, paddingBottom: CARD_GAP, outlineOffset: -2 }}
    >
      <KanbanCardView
        card={card}
        zone={actions.zone}
        dragging={snapshot.isDragging}
        pending={actions.pending.has(card.id)}
        onOpen={actions.onOpen}
        onMenu={actions.onMenu}
      />
    </div>
  );
}
