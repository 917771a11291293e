import { Paper, Box } from '@mui/material';
import { useNoteFirstScreenDrawn } from '../../kit/useNoteFirstScreenDrawn';
import { useDeferredValue, useLayoutEffect, useRef, useState } from 'react';
import type { BoardState } from './boardState';
import { columnKey } from './boardState';
import { ColumnHeader } from './ColumnHeader';
import { KanbanColumnList, type ColumnActions } from './KanbanColumnList';

export const COLUMN_WIDTH = 280;

/**
 * The columns side by side, each as tall as the window leaves room for. Only this area scrolls sideways: the
 * page with its header, filters and menu keeps the window's width (`contain: inline-size` keeps the columns'
 * width from widening the layout around it).
 */
export function DesktopBoard({ board, actions }: { board: BoardState; actions: ColumnActions }) {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(600);
  // The cards in view first; the rest in React's deferred render after the first paint (as AfterFirstPaint).
  const painted = useDeferredValue(true, false);
  useNoteFirstScreenDrawn(true);
  // Columns the window can show at most (the menu beside them leaves room for fewer).
  const inView = Math.ceil(window.innerWidth / COLUMN_WIDTH);
  useLayoutEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(360, window.innerHeight - top - window.scrollY - 24));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return (
    <Box
      ref={ref}
      role="region"
      aria-label="Spalten der Kartenansicht"
      sx={{ overflowX: 'auto', contain: 'inline-size' }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, height, width: 'max-content', pb: 1 }}>
        {board.columns.map((column, index) => (
          <Paper
            key={columnKey(column.customStatusId)}
            variant="outlined"
            component="section"
            aria-label={`Spalte ${column.name}`}
            sx={{
              width: COLUMN_WIDTH,
              display: 'flex',
              flexDirection: 'column',
              bgcolor: 'background.default',
              overflow: 'hidden',
            }}
          >
            <ColumnHeader column={column} />
            <KanbanColumnList
              column={column}
              actions={actions}
              draw={painted ? 'full' : index < inView ? 'inView' : 'later'}
            />
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
