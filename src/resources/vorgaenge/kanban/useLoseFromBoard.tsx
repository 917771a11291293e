import type { DropResult } from '@hello-pangea/dnd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { findCard, type BoardState } from './boardState';
import type { KanbanCard } from './kanbanTypes';
import { LostDropZone } from './LostDropZone';

const LostDialog = lazy(() => import('../page/LostDialog'));

/**
 * Losing a Vorgang from the board: the drop zone "Verloren" while a card is dragged and
 * "Als verloren markieren …" in the card's menu both open the Vorgang page's LostDialog (its endpoint, its
 * Verlustgrund); once lost, the board reads itself again, the card leaves and "Nicht auf der Tafel" counts it.
 */
export function useLoseFromBoard(board: BoardState | null, reload: () => void) {
  const [dragging, setDragging] = useState(false);
  const [over, setOver] = useState(false);
  const overRef = useRef(false);
  const zoneRef = useRef<HTMLDivElement>(null);
  const [losing, setLosing] = useState<KanbanCard | null>(null);

  // While dragging: is the pointer over the drop zone? (Mouse and touch; the keyboard loses by the card's menu.)
  useEffect(() => {
    if (!dragging) return;
    const track = (x: number, y: number) => {
      const box = zoneRef.current?.getBoundingClientRect();
      const inside = Boolean(box && x >= box.left && x <= box.right && y >= box.top && y <= box.bottom);
      if (inside !== overRef.current) {
        overRef.current = inside;
        setOver(inside);
      }
    };
    const onMouse = (event: MouseEvent) => track(event.clientX, event.clientY);
    const onTouch = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (touch) track(touch.clientX, touch.clientY);
    };
    window.addEventListener('mousemove', onMouse, { capture: true, passive: true });
    window.addEventListener('touchmove', onTouch, { capture: true, passive: true });
    return () => {
      window.removeEventListener('mousemove', onMouse, { capture: true });
      window.removeEventListener('touchmove', onTouch, { capture: true });
    };
  }, [dragging]);

  const onDragStart = useCallback(() => setDragging(true), []);
  const lose = useCallback(
    (vorgangId: number) => {
      const found = board && findCard(board, vorgangId);
      if (found) setLosing(found.card);
    },
    [board],
  );
  /** Ends a drag; true when it was dropped on "Verloren" (then it is no move on the board). */
  const dropped = useCallback(
    (result: DropResult) => {
      const hit = overRef.current && result.reason === 'DROP';
      overRef.current = false;
      setOver(false);
      setDragging(false);
      if (hit) lose(Number(result.draggableId));
      return hit;
    },
    [lose],
  );

  const element: ReactNode = (
    <>
      {dragging && <LostDropZone zoneRef={zoneRef} over={over} />}
      {losing && (
        <Suspense fallback={null}>
          <LostDialog vorgang={losing} onClose={() => setLosing(null)} onLost={reload} />
        </Suspense>
      )}
    </>
  );
  return { onDragStart, dropped, lose, element };
}
