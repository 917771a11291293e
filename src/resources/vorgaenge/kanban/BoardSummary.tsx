import { Box, Link as MuiLink, Tooltip, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { formatEuroCents } from '../../../i18n/format';
import type { BoardState } from './boardState';
import { BOARD_COUNT_LIMIT } from './kanbanTypes';
import type { KanbanFilter } from './useKanbanFilter';

const count = (n: number, capped: boolean) =>
  capped && n > BOARD_COUNT_LIMIT
    ? `mehr als ${BOARD_COUNT_LIMIT.toLocaleString('de-DE')}`
    : n.toLocaleString('de-DE');

/** The Vorgänge list on a status tab under the board's filters (the list reads the same names from the address). */
function listLink(filter: KanbanFilter, status: 'verloren' | 'rechnung') {
  const params = new URLSearchParams({ status });
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined) params.set(key, String(value));
  }
  return `/crm/vorgang?${params.toString()}`;
}

/**
 * Above the columns: „Erwartet in diesem Quartal“ (the columns' weighted quarter parts, kept current by moves)
 * and what the board leaves out, linked to the Vorgänge list's tab: lost and invoiced Vorgänge have
 * no card, and a board that silently drops three quarters of them looks like it lost data.
 */
export function BoardSummary({ board, filter }: { board: BoardState; filter: KanbanFilter }) {
  const capped = board.columns.some((column) => column.capped);
  const expected = board.columns.reduce((sum, column) => sum + column.quarterWeightedCents, 0);
  const { lost, invoiced } = board.leftOut;
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: { xs: 0.5, sm: 3 },
        alignItems: 'baseline',
        mb: 1,
      }}
    >
      <Tooltip
        title={`Wert × Gewinnwahrscheinlichkeit des Status der offenen Vorgänge (Anfrage, Angebot), deren erwarteter Auftrag im ${board.quarter.label} liegt. Ohne Beleg zählt der geschätzte Wert.`}
      >
        <Typography variant="body2" component="p" aria-label="Erwartet in diesem Quartal">
          Erwartet in diesem Quartal ({board.quarter.label}):{' '}
          <Box component="strong" data-testid="expected-quarter">
            {capped ? '–' : formatEuroCents(expected)}
          </Box>
        </Typography>
      </Tooltip>
      <Typography variant="body2" component="p" sx={{ color: 'text.secondary' }}>
        Nicht auf der Tafel:{' '}
        <MuiLink component={Link} to={listLink(filter, 'verloren')}>
          {count(lost, board.leftOut.capped)} verlorene
        </MuiLink>{' '}
        und{' '}
        <MuiLink component={Link} to={listLink(filter, 'rechnung')}>
          {count(invoiced, board.leftOut.capped)} abgerechnete Vorgänge
        </MuiLink>
      </Typography>
    </Box>
  );
}
