import { getISOWeek } from 'date-fns/getISOWeek';
import { parseISO } from 'date-fns/parseISO';
import { Grid, Paper, Typography, useTheme } from '@mui/material';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useEndpoint } from '../../api/useEndpoint';
import { formatEuroCents, formatEuroCentsCompact } from '../../i18n/format';
import { ACTIVITY_TYPES } from '../activities/activityTypes';
import { getUserActivitiesChartData } from '../activities/activities.endpoints';
import type { DueScope } from '../kit/ScopePicker';
import { getDashboardRevenueCurve } from './dashboard.endpoints';

const MONTHS = ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'];
const COLORS = ['#e65100', '#1565c0', '#2e7d32', '#6a1b9a', '#00838f', '#8d6e63'];

/** KW of a Monday (yyyy-MM-dd): its ISO week number. */
const isoWeek = (monday: string) => getISOWeek(parseISO(monday));

/** The dashboard's charts (loaded lazily, with recharts): activities per week by type, revenue vs target curve. */
export default function DashboardCharts({ scope }: { scope: DueScope }) {
  const theme = useTheme();
  // Legend text in the page's text colour (the swatch beside it shows the series' colour): recharts writes it
  // in the series' colour, and orange on white (3.8:1) is below WCAG AA for 12 px text.
  const legendText = (value: string) => <span style={{ color: theme.palette.text.primary }}>{value}</span>;
  const activities = useEndpoint(getUserActivitiesChartData, { query: scope });
  const curve = useEndpoint(getDashboardRevenueCurve, { query: scope });
  const weeks = new Map<string, Record<string, number | string>>();
  for (const row of activities.data ?? []) {
    const weekStart = row.weekStart ?? '';
    const week = weeks.get(weekStart) ?? { week: `KW ${isoWeek(weekStart)}` };
    week[row.activityType] = row.count;
    weeks.set(weekStart, week);
  }
  const revenue = (curve.data ?? []).map((month) => ({
    month: MONTHS[month.month - 1],
    Ist: month.actualCumulativeCents,
    Soll: month.expectedCumulativeCents,
  }));
  return (
    <Grid container spacing={1.5}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Aktivitäten je Woche">
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            Aktivitäten je Woche
          </Typography>
          <ResponsiveContainer width="100%" height={240}>
            <BarChart data={[...weeks.values()]}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="week" fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} width={32} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
              {ACTIVITY_TYPES.map((type, index) => (
                <Bar
                  key={type.id}
                  dataKey={type.id}
                  name={type.name}
                  stackId="a"
                  fill={COLORS[index % COLORS.length]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Umsatz gegen Zielkurve">
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            Umsatz gegen Zielkurve (kumuliert)
          </Typography>
          <ResponsiveContainer width="100%" height={240}>
            <LineChart data={revenue}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="month" fontSize={12} />
              <YAxis
                tickFormatter={(value: number) => formatEuroCentsCompact(value)}
                fontSize={12}
                width={64}
              />
              <Tooltip formatter={(value) => formatEuroCents(Number(value))} />
              <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
              <Line
                isAnimationActive={false}
                dataKey="Ist"
                stroke={theme.palette.primary.main}
                strokeWidth={2}
                dot={false}
              />
              <Line
                isAnimationActive={false}
                dataKey="Soll"
                stroke={theme.palette.text.secondary}
                strokeDasharray="5 5"
                dot={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </Paper>
      </Grid>
    </Grid>
  );
}
