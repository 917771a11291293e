import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, type SxProps, type Theme } from '@mui/material';
import { formatDate } from '../../i18n/format';
import { ColorChip } from '../generic/ColorChip';
import type { VorgangListLabel } from './vorgangListTypes';

/** A Vorgang's labels; a due one (due date today or past) carries a warning sign and says since when. */
export function VorgangLabelChips({
  labels,
  chipSx,
}: {
  labels: VorgangListLabel[];
  /** The list's denser chips. */
  chipSx?: SxProps<Theme>;
}) {
  if (!labels.length) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {labels.map((label) => (
        <ColorChip
          key={label.id}
          name={label.name}
          color={label.color ?? '#607d8b'}
          icon={label.due ? <WarningAmberIcon fontSize="small" /> : undefined}
          title={
            label.dueDate
              ? `${label.due ? 'Fällig seit' : 'Fällig am'} ${formatDate(label.dueDate)}`
              : undefined
          }
          aria-label={`${label.name}${label.due ? ' (fällig)' : ''}`}
          sx={[
            label.due
              ? { outline: '2px solid', outlineColor: 'error.main', '& .MuiChip-icon': { color: 'inherit' } }
              : {},
            ...(Array.isArray(chipSx) ? chipSx : [chipSx]),
          ]}
        />
      ))}
    </Box>
  );
}
