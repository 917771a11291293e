import { Alert, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { useEndpoint } from '../../api/useEndpoint';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatEuroCents, formatEuroCentsCompact } from '../../i18n/format';
import { getSalesCurveForUser } from './salesCurve.endpoints';
import { MONTHS } from './salesCurve.rules';
import { companyToday } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';

/** The curve applied to one seller: expected revenue (target × shares, summed up) against what was invoiced. */
export function SellerCurve() {
  // The company's year and month (a browser elsewhere, or New Year's first hour, must not shift them).
  const today = companyToday(useCompanyZone());
  const thisYear = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7));
  const YEARS = [thisYear + 1, thisYear, thisYear - 1, thisYear - 2];
  const { data: users } = useGetList('admin-benutzer/users', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
    filter: { active: true },
  });
  const [chosen, setChosen] = useState<number | ''>('');
  const [year, setYear] = useState(thisYear);
  const userId = chosen === '' ? users?.[0]?.id : chosen;
  const { data, error } = useEndpoint(
    getSalesCurveForUser,
    { query: { userId: Number(userId), year } },
    { enabled: userId !== undefined, placeholderData: keepPreviousData },
  );
  const chart = data?.months.map((m) => ({
    month: MONTHS[m.month - 1],
    soll: m.expectedCumulativeCents,
    // Months still ahead have no actual yet: the line stops at today instead of running flat to December.
    ist: year > thisYear || (year === thisYear && m.month > thisMonth) ? null : m.actualCumulativeCents,
  }));
  return (
    <Card variant="outlined" component="section" aria-label="Kurve je Verkäufer">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Kurve je Verkäufer
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 2 }}>
          <TextField
            select
            label="Verkäufer"
            size="small"
            value={userId ?? ''}
            onChange={(event) => setChosen(Number(event.target.value))}
            sx={{ minWidth: 240 }}
          >
            {users?.map((user) => (
              <MenuItem key={user.id} value={user.id}>
                {String(user.name)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Jahr"
            size="small"
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
          >
            {YEARS.map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {error && <Alert severity="error">Die Kurve konnte nicht berechnet werden.</Alert>}
        {data && data.targetCents === 0 && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Für {year} hat diese Person kein Jahresziel über das ganze Sortiment: die Soll-Linie bleibt bei 0.
          </Alert>
        )}
        {data && (
          <>
            <Typography variant="body2" color="text.secondary">
              Jahresziel {formatEuroCents(data.targetCents)}; Ist bisher{' '}
              {formatEuroCents(data.months.at(-1)?.actualCumulativeCents ?? 0)} (Rechnungen abzüglich
              Gutschriften).
            </Typography>
            <ResponsiveContainer width="100%" height={320}>
              <LineChart data={chart} margin={{ top: 16, right: 16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="month" />
                <YAxis tickFormatter={formatEuroCentsCompact} width={80} />
                <Tooltip formatter={(value, name) => [formatEuroCents(Number(value)), name]} />
                <Legend />
                <Line
                  dataKey="soll"
                  name="Soll (kumuliert)"
                  stroke="#90a4ae"
                  strokeDasharray="6 4"
                  isAnimationActive={false}
                />
                <Line
                  dataKey="ist"
                  name="Ist (kumuliert)"
                  stroke="#f57c00"
                  strokeWidth={2}
                  isAnimationActive={false}
                />
              </LineChart>
            </ResponsiveContainer>
          </>
        )}
      </CardContent>
    </Card>
  );
}
