import { Typography } from '@mui/material';
import { stagnantText } from './stagnantText';

/** „seit 12 Tagen ohne Aktivität“ under a stagnating Vorgang in the list (nothing when it is not). */
export function StagnantMarker({ days }: { days: number | null }) {
  if (days === null) return null;
  return (
    <Typography
      component="span"
      variant="caption"
      data-stagnant
      title={`Stagnierend: ${stagnantText(days)}`}
      sx={{ display: 'block', color: 'warning.dark', fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      {stagnantText(days)}
    </Typography>
  );
}
