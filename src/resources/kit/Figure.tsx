import { Card, CardContent, Typography } from '@mui/material';

/** A key figure on a report page: a label and a big value, with an optional note below. */
export function Figure({ label, value, note }: { label: string; value: string | number; note?: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p">
          {typeof value === 'number' ? value.toLocaleString('de-DE') : value}
        </Typography>
        {note && (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
