import { Box, Typography } from '@mui/material';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  Cell,
} from 'recharts';
import { categoryColor } from './nps.rules';
import type { NpsStatistics } from './npsTypes';

const MONTHS = ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'];
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(2, 4)}`;

/**
 * NPS per month as a line over the number of answers as bars (so a month of 3 answers is not read like one
 * of 300), and the distribution 0-10 coloured by category. Loaded lazily with recharts.
 */
export default function NpsCharts({ statistics }: { statistics: NpsStatistics }) {
  const months = statistics.months.map((month) => ({ ...month, label: monthLabel(month.month) }));
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
      <Box component="figure" sx={{ m: 0 }} aria-label="NPS je Monat mit Anzahl der Antworten">
        <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          NPS je Monat (Linie) und Anzahl der Antworten (Balken)
        </Typography>
        <ResponsiveContainer width="100%" height={280}>
          <ComposedChart data={months} margin={{ left: -10, right: 4 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" interval="preserveStartEnd" tick={{ fontSize: 12 }} />
            <YAxis
              yAxisId="nps"
              domain={[-100, 100]}
              ticks={[-100, -50, 0, 50, 100]}
              tick={{ fontSize: 12 }}
            />
            <YAxis yAxisId="count" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip
              formatter={(value, name) =>
                name === 'NPS'
                  ? [value === null ? '–' : Number(value).toLocaleString('de-DE'), name]
                  : [value, name]
              }
            />
            <Bar yAxisId="count" dataKey="count" name="Antworten" fill="#b0bec5" isAnimationActive={false} />
            <Line
              yAxisId="nps"
              dataKey="nps"
              name="NPS"
              stroke="#1565c0"
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </Box>
      <Box component="figure" sx={{ m: 0 }} aria-label="Verteilung der Bewertungen 0 bis 10">
        <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Verteilung der Bewertungen
        </Typography>
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={statistics.distribution} margin={{ left: -20, right: 4 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="score" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip
              formatter={(value) => [value, 'Antworten']}
              labelFormatter={(score) => `Bewertung ${score}`}
            />
            <Bar dataKey="count" name="Antworten" isAnimationActive={false}>
              {statistics.distribution.map((entry) => (
                <Cell key={entry.score} fill={categoryColor(entry.score)} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </Box>
    </Box>
  );
}
