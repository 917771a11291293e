import { Alert, Paper, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useEndpoint } from '../../api/useEndpoint';
import { ACTIVITY_TYPES } from './activityTypes';
import { getUserActivitiesChartData } from './activities.endpoints';

const COLORS = ['#e65100', '#1565c0', '#2e7d32', '#6a1b9a', '#00838f', '#8d6e63'];

/**
 * Activities per seller and Art for the page's period (loaded lazily, with recharts): a lead sees the sellers
 * of the branches led (or the one chosen), a seller only their own; the server decides (scope, 403).
 */
export default function ActivitySellerChart({
  lead,
  userId,
  from,
  to,
}: {
  lead: boolean;
  userId?: number;
  from?: string;
  to?: string;
}) {
  const scope = lead ? (userId ? { scope: 'user' as const, userId } : { scope: 'branch' as const }) : {};
  const chart = useEndpoint(getUserActivitiesChartData, {
    query: { ...scope, groupBy: 'seller', from, to },
  });
  const sellers = new Map<number, Record<string, number | string>>();
  for (const row of chart.data ?? []) {
    const seller = sellers.get(row.userId!) ?? { seller: row.userName ?? '' };
    seller[row.activityType] = row.count;
    sellers.set(row.userId!, seller);
  }
  const data = [...sellers.values()];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Aktivitäten je Verkäufer">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {lead ? 'Aktivitäten je Verkäufer' : 'Meine Aktivitäten'}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
          {from || to ? 'im gewählten Zeitraum' : 'letzte 12 Wochen'}
        </Typography>
      </Typography>
      {chart.error && <Alert severity="error">{chart.error.message}</Alert>}
      {chart.data && data.length === 0 && (
        <Typography color="text.secondary">Keine Aktivitäten in diesem Zeitraum.</Typography>
      )}
      {data.length > 0 && (
        <ResponsiveContainer width="100%" height={Math.max(160, 48 * data.length + 80)}>
          <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} fontSize={12} />
            <YAxis type="category" dataKey="seller" width={120} fontSize={12} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {ACTIVITY_TYPES.map((type, index) => (
              <Bar
                key={type.id}
                dataKey={type.id}
                name={type.name}
                stackId="a"
                isAnimationActive={false}
                fill={COLORS[index % COLORS.length]}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      )}
    </Paper>
  );
}
