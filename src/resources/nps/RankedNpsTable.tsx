import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatNps } from './nps.rules';
import type { NpsFigures } from './npsTypes';

/** A bar from the middle: right and green for a positive NPS, left and red for a negative one. */
function NpsBar({ nps }: { nps: number | null }) {
  if (nps === null) return null;
  const width = `${Math.abs(nps) / 2}%`;
  return (
    <Box sx={{ position: 'relative', height: 12, bgcolor: 'grey.100', borderRadius: 1 }} aria-hidden>
      <Box sx={{ position: 'absolute', left: '50%', top: 0, bottom: 0, width: '1px', bgcolor: 'grey.500' }} />
      <Box
        sx={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          width,
          ...(nps >= 0 ? { left: '50%' } : { right: '50%' }),
          bgcolor: nps >= 0 ? '#2e7d32' : '#d32f2f',
          borderRadius: 1,
        }}
      />
    </Box>
  );
}

/** Groups (branches or sellers) ranked by NPS, with the number of answers and a bar each. */
export function RankedNpsTable({
  title,
  rows,
  nameLabel,
}: {
  title: string;
  nameLabel: string;
  rows: (NpsFigures & { id: number | null; name: string })[];
}) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">Keine Antworten.</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{nameLabel}</TableCell>
                <TableCell align="right">NPS</TableCell>
                <TableCell align="right">Antworten</TableCell>
                <TableCell sx={{ width: '35%' }}>Vergleich</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id ?? 'none'}>
                  <TableCell sx={row.id === null ? { fontStyle: 'italic' } : undefined}>{row.name}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {formatNps(row.nps)}
                  </TableCell>
                  <TableCell align="right">{row.count.toLocaleString('de-DE')}</TableCell>
                  <TableCell>
                    <NpsBar nps={row.nps} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
