import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ResultOf } from '../../api/endpoint';
import { formatEuroCents, formatEuroCentsCompact } from '../../i18n/format';
import type { getSalesTargetData } from './salesTargets.endpoints';

type TargetRow = ResultOf<typeof getSalesTargetData>[number];

const SERIES = [
  { key: 'ziel', label: 'Ziel', color: '#90a4ae' },
  { key: 'ist', label: 'Ist', color: '#f57c00' },
] as const;

/** A target's name in the chart: owner, and the product group where the target is for one. */
export const targetName = (row: TargetRow) =>
  row.productGroup ? `${row.owner} · ${row.productGroup}` : row.owner;

/** The series' colours and names, spaced (recharts' legend ran them together to "IstZiel"). */
function ChartLegend() {
  return (
    <Stack
      component="ul"
      direction="row"
      spacing={2}
      aria-label="Legende"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {SERIES.map((series, index) => (
        <Stack component="li" key={series.key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: series.color }} />
          <Typography variant="body2">
            {series.label}
            {index < SERIES.length - 1 ? ' ' : ''}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** One chart: the targets of one kind on their own axis. */
function TargetChart({ title, rows }: { title: string; rows: TargetRow[] }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
        >
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <ChartLegend />
        </Stack>
        <ResponsiveContainer width="100%" height={Math.max(160, rows.length * 48 + 40)}>
          <BarChart
            data={rows.map((row) => ({ name: targetName(row), ziel: row.targetCents, ist: row.actualCents }))}
            layout="vertical"
            margin={{ left: 8, right: 24 }}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tickFormatter={formatEuroCentsCompact} />
            <YAxis type="category" dataKey="name" width={170} />
            <Tooltip formatter={(value, name) => [formatEuroCents(Number(value)), name]} />
            {SERIES.map((series) => (
              <Bar
                key={series.key}
                dataKey={series.key}
                name={series.label}
                fill={series.color}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </CardContent>
    </Card>
  );
}

/**
 * Ziel und Ist as two charts: sellers (under a million) and branches (several millions) on one axis
 * made the seller bars a few pixels wide, so each kind gets its own chart and axis.
 */
export function TargetCharts({ rows, year }: { rows: TargetRow[]; year: number }) {
  const sellers = rows.filter((row) => row.kind === 'verkaeufer');
  const branches = rows.filter((row) => row.kind === 'filiale');
  return (
    <>
      {sellers.length > 0 && <TargetChart title={`Verkäufer: Ziel und Ist ${year}`} rows={sellers} />}
      {branches.length > 0 && <TargetChart title={`Filialen: Ziel und Ist ${year}`} rows={branches} />}
    </>
  );
}
