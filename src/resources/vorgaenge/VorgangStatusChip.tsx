import { Chip, type SxProps, type Theme } from '@mui/material';
import { VORGANG_STATUS_LABELS, type VorgangStatus } from './vorgangListTypes';

const COLORS: Record<VorgangStatus, 'default' | 'info' | 'primary' | 'success' | 'error'> = {
  anfrage: 'default',
  angebot: 'info',
  auftrag: 'primary',
  rechnung: 'success',
  verloren: 'error',
};

/** The Vorgang's system status (from its Belege) as a small chip. */
export function VorgangStatusChip({ status, sx }: { status: VorgangStatus; sx?: SxProps<Theme> }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      label={VORGANG_STATUS_LABELS[status] ?? status}
      sx={sx}
    />
  );
}
