import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatEuroCents } from '../../i18n/format';
import type { MappingStatistics } from './mappingTypes';

const share = (part: number, total: number) => (total === 0 ? 0 : Math.round((part / total) * 1000) / 10);
const percentLabel = (value: number) => `${value.toLocaleString('de-DE')} %`;

/** Each product group's share of the articles and of the revenue, side by side, the unmapped rest last. */
export default function MappingShareChart({ statistics }: { statistics: MappingStatistics }) {
  const rows = statistics.groups.map((group) => ({
    name: group.name,
    artikel: share(group.articles, statistics.articles.total),
    umsatz: share(group.revenueCents, statistics.revenueCents.total),
    revenueCents: group.revenueCents,
  }));
  return (
    <ResponsiveContainer width="100%" height={Math.max(240, rows.length * 44)}>
      <BarChart data={rows} layout="vertical" margin={{ left: 24, right: 24 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" unit=" %" domain={[0, 'auto']} />
        <YAxis type="category" dataKey="name" width={150} />
        <Tooltip
          formatter={(value, name, item) =>
            name === 'Anteil Umsatz'
              ? [
                  `${percentLabel(Number(value))} (${formatEuroCents((item.payload as { revenueCents: number }).revenueCents)})`,
                  name,
                ]
              : [percentLabel(Number(value)), name]
          }
        />
        <Legend />
        <Bar dataKey="artikel" name="Anteil Artikel" fill="#90a4ae" isAnimationActive={false} />
        <Bar dataKey="umsatz" name="Anteil Umsatz" fill="#f57c00" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
