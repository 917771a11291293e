import {
  Card,
  CardContent,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { useState } from 'react';
import { Loading } from 'react-admin';
import { useEndpoint } from '../../api/useEndpoint';
import { SESSION_GAP_MINUTES, usageReport } from './analytics.endpoints';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '../../i18n/format';
import { GermanDatePicker } from '../../i18n/GermanDatePicker';
import { AreaPage } from '../../layout/AreaPage';
import { Figure } from '../kit/Figure';
import { useCompanyZone } from '../../config/useCompanyZone';
import { defaultPeriod } from './defaultPeriod';

const DAYS = 30;
const isoDay = (date: Date) => format(date, 'yyyy-MM-dd');
const dayLabel = (day: string) => formatDate(day).slice(0, 6);

/** Admin → Nutzung: sign-ins per day, active people and the most downloaded files (APP_ADMIN). */
export default function AnalyticsReportPage() {
  return (
    <AreaPage area="admin" title="Nutzung">
      <UsageReportView />
    </AreaPage>
  );
}

function UsageReportView() {
  const zone = useCompanyZone();
  const [period, setPeriod] = useState(() => {
    const { from, to } = defaultPeriod(zone, DAYS);
    return { from: parseISO(from), to: parseISO(to) };
  });
  const query = { from: isoDay(period.from), to: isoDay(period.to) };
  const { data, error } = useEndpoint(usageReport, { query }, { placeholderData: keepPreviousData });
  const pick = (key: 'from' | 'to') => (value: Date | null) => {
    if (value && isValid(value)) setPeriod((current) => ({ ...current, [key]: value }));
  };
  const sessions = data?.sessionsPerDay.reduce((sum, d) => sum + d.sessions, 0) ?? 0;
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 2 }}>
        <GermanDatePicker
          label="Von"
          value={period.from}
          maxDate={period.to}
          onChange={pick('from')}
          slotProps={{ textField: { size: 'small' } }}
        />
        <GermanDatePicker
          label="Bis"
          value={period.to}
          minDate={period.from}
          disableFuture
          onChange={pick('to')}
          slotProps={{ textField: { size: 'small' } }}
        />
      </Stack>
      {error && <Typography color="error">Der Nutzungsbericht konnte nicht geladen werden.</Typography>}
      {!data && !error && <Loading />}
      {data && (
        <Grid container spacing={2} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Figure label={`Sitzungen ${formatDate(data.from)} – ${formatDate(data.to)}`} value={sessions} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <Figure label="Aktive Personen (7 Tage)" value={data.activeUsers.last7} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <Figure label="Aktive Personen (30 Tage)" value={data.activeUsers.last30} />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  Sitzungen pro Tag
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  Eine Sitzung: Aufrufe einer Person ohne mehr als {SESSION_GAP_MINUTES} Minuten Pause.
                </Typography>
                <ResponsiveContainer width="100%" height={260}>
                  <BarChart data={data.sessionsPerDay} margin={{ left: -20 }}>
                    <CartesianGrid strokeDasharray="3 3" vertical={false} />
                    <XAxis dataKey="day" tickFormatter={dayLabel} fontSize={12} />
                    <YAxis allowDecimals={false} fontSize={12} />
                    <Tooltip
                      labelFormatter={(day) => formatDate(parseISO(String(day)))}
                      formatter={(value, name) => [value, name === 'sessions' ? 'Sitzungen' : 'Personen']}
                    />
                    <Bar
                      dataKey="sessions"
                      name="sessions"
                      fill="#ef6c00"
                      radius={[3, 3, 0, 0]}
                      isAnimationActive={false}
                    />
                  </BarChart>
                </ResponsiveContainer>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  Meistgeladene Dateien
                </Typography>
                {data.topDownloads.length === 0 ? (
                  <Typography color="text.secondary">
                    In diesem Zeitraum wurde keine Datei geladen.
                  </Typography>
                ) : (
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>Datei</TableCell>
                        <TableCell align="right">Downloads</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.topDownloads.map((file) => (
                        <TableRow key={file.fileId}>
                          <TableCell>{file.name}</TableCell>
                          <TableCell align="right">{file.downloads.toLocaleString('de-DE')}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      )}
    </>
  );
}
