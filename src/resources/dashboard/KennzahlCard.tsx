import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

/** A Kennzahl: its value, last year's of the same period with an arrow, and the list behind it as the link. */
export function KennzahlCard({
  label,
  value,
  lastYear,
  format,
  to,
  note,
  lowerIsBetter = false,
}: {
  label: string;
  value: number;
  lastYear?: number;
  format: (value: number) => string;
  to: string;
  note?: string;
  lowerIsBetter?: boolean;
}) {
  const change = lastYear === undefined ? 0 : Math.sign(value - lastYear);
  const good = lowerIsBetter ? change < 0 : change > 0;
  const Icon = change > 0 ? TrendingUpIcon : change < 0 ? TrendingDownIcon : TrendingFlatIcon;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.5 }}>
            {format(value)}
          </Typography>
          {lastYear !== undefined && (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Icon
                fontSize="small"
                color={change === 0 ? 'disabled' : good ? 'success' : 'error'}
                aria-hidden
              />
              <Typography variant="caption" color="text.secondary">
                Vorjahr: {format(lastYear)}
              </Typography>
            </Stack>
          )}
          {note && (
            <Typography variant="caption" color="text.secondary" component="p">
              {note}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
