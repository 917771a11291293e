import { Box, Typography } from '@mui/material';
import { formatEuroCents } from '../../../i18n/format';
import type { ColumnState } from './boardState';
import { countText } from './cardTexts';

/** A column's name with its colour, how many Vorgänge it holds under the filters, and their Summe netto. */
export function ColumnHeader({ column }: { column: ColumnState }) {
  return (
    <Box sx={{ px: 1.5, pt: 1.25, pb: 1, borderTop: 4, borderColor: column.color ?? 'grey.400' }}>
      <Typography variant="subtitle2" component="h2" noWrap title={column.name}>
        {column.name}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {countText(column.total)}
        </Typography>
        <Typography variant="caption" sx={{ fontWeight: 600 }} aria-label={`Summe netto ${column.name}`}>
          {formatEuroCents(column.sumNetCents)}
        </Typography>
      </Box>
    </Box>
  );
}
