import { Box, Paper, Tab, Tabs } from '@mui/material';
import { useNoteFirstScreenDrawn } from '../../kit/useNoteFirstScreenDrawn';
import { useDeferredValue, useState } from 'react';
import type { BoardState } from './boardState';
import { columnKey } from './boardState';
import { columnCountShort } from './cardTexts';
import { ColumnHeader } from './ColumnHeader';
import { KanbanColumnList, type ColumnActions } from './KanbanColumnList';

/** A phone shows one column at a time: the statuses as scrollable tabs with their counts; moves by the menu. */
export function PhoneBoard({ board, actions }: { board: BoardState; actions: ColumnActions }) {
  const [key, setKey] = useState(() => {
    const first = board.columns.find((column) => column.total > 0) ?? board.columns[0];
    return first ? columnKey(first.customStatusId) : 0;
  });
  const column = board.columns.find((c) => columnKey(c.customStatusId) === key) ?? board.columns[0];
  // The cards in view first; the rest in React's deferred render after the first paint (as AfterFirstPaint).
  const painted = useDeferredValue(true, false);
  useNoteFirstScreenDrawn(true);
  if (!column) return null;
  return (
    <Box>
      <Tabs
        value={columnKey(column.customStatusId)}
        onChange={(_, next: number) => setKey(next)}
        variant="scrollable"
        scrollButtons={false}
        aria-label="Spalten der Kartenansicht"
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40, mx: -1.5 }}
      >
        {board.columns.map((c) => (
          <Tab
            key={columnKey(c.customStatusId)}
            value={columnKey(c.customStatusId)}
            label={`${c.name} (${columnCountShort(c)})`}
            sx={{ minHeight: 40, textTransform: 'none', px: 1.5 }}
          />
        ))}
      </Tabs>
      <Paper
        variant="outlined"
        component="section"
        aria-label={`Spalte ${column.name}`}
        sx={{
          mt: 1,
          height: 'calc(100dvh - 230px)',
          minHeight: 320,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <ColumnHeader column={column} />
        <KanbanColumnList
          key={key}
          column={column}
          actions={{ ...actions, dragDisabled: true }}
          draw={painted ? 'full' : 'inView'}
        />
      </Paper>
    </Box>
  );
}
