import { Box, Typography } from '@mui/material';
import { formatEuroCents } from '../../../i18n/format';
import type { ColumnState } from './boardState';
import { columnCountText } from './cardTexts';
import { BOARD_COUNT_LIMIT } from './kanbanTypes';

const LIMIT = BOARD_COUNT_LIMIT.toLocaleString('de-DE');

/**
 * A column's name with its colour, how many Vorgänge it holds under the filters, their Summe (Beleg netto, else
 * the estimate), and the sum weighted by the status' win probability (won cards in full; pipeline.rules.ts).
 */
export function ColumnHeader({ column }: { column: ColumnState }) {
  return (
    <Box sx={{ px: 1.5, pt: 1.25, pb: 1, borderTop: 4, borderColor: column.color ?? 'grey.400' }}>
      <Typography variant="subtitle2" component="h2" noWrap title={column.name}>
        {column.name}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
          {columnCountText(column)}
        </Typography>
        {column.capped ? (
          // The server stopped counting, so it has no sum of all matches: say so instead of a wrong figure.
          <Typography
            variant="caption"
            sx={{ color: 'text.secondary' }}
            aria-label={`Summe netto ${column.name}: bei mehr als ${LIMIT} Treffern nicht berechnet`}
            title={`Bei mehr als ${LIMIT} Treffern wird die Summe nicht berechnet. Bitte grenzen Sie die Suche ein.`}
          >
            –
          </Typography>
        ) : (
          <Typography variant="caption" sx={{ fontWeight: 600 }} aria-label={`Summe netto ${column.name}`}>
            {formatEuroCents(column.sumNetCents)}
          </Typography>
        )}
      </Box>
      {!column.capped && (
        <Box
          sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, color: 'text.secondary' }}
          title="Gewichtet: Aufträge voll, alle anderen Vorgänge mit der Gewinnwahrscheinlichkeit des Status (Admin → Eigene Status)"
        >
          <Typography variant="caption" noWrap>
            gewichtet ({column.winProbability} %)
          </Typography>
          <Typography variant="caption" aria-label={`Gewichtet ${column.name}`}>
            {formatEuroCents(column.weightedCents)}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
