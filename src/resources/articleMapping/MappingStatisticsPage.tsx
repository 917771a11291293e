import {
  Alert,
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
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { getArticleMappingStatistics } from './articleMappings.endpoints';
import { formatEuroCents } from '../../i18n/format';
import { AreaPage } from '../../layout/AreaPage';
import { Figure } from '../kit/Figure';
import { MappingCacheCard } from './MappingCacheCard';
import { STATISTICS_KEY } from './mappingTypes';

const MappingShareChart = lazy(() => import('./MappingShareChart'));

const percent = (part: number, total: number) =>
  `${(total === 0 ? 0 : Math.round((part / total) * 1000) / 10).toLocaleString('de-DE')} %`;

/** Admin → Mapping-Statistik: the mapping cache and how much of the range and revenue it assigns (APP_ADMIN). */
export default function MappingStatisticsPage() {
  return (
    <AreaPage area="admin" title="Mapping-Statistik">
      <Stack spacing={2} sx={{ mt: 2, maxWidth: 1100 }}>
        <MappingCacheCard />
        <MappingStatisticsView />
      </Stack>
    </AreaPage>
  );
}

function MappingStatisticsView() {
  const api = useEndpointClient();
  const { data, error } = useQuery({
    queryKey: STATISTICS_KEY,
    queryFn: () => api.call(getArticleMappingStatistics),
  });
  if (error) return <Alert severity="error">Die Statistik konnte nicht geladen werden.</Alert>;
  if (!data) return <Loading />;
  const { articles, revenueCents } = data;
  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Figure
            label="Zugeordnete Artikel"
            value={percent(articles.mapped, articles.total)}
            note={`${articles.mapped.toLocaleString('de-DE')} von ${articles.total.toLocaleString('de-DE')}; ${(articles.total - articles.mapped).toLocaleString('de-DE')} nicht zugeordnet`}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Figure
            label="Zugeordneter Umsatz"
            value={percent(revenueCents.mapped, revenueCents.total)}
            note={`${formatEuroCents(revenueCents.mapped)} von ${formatEuroCents(revenueCents.total)} (Rechnungen abzüglich Gutschriften)`}
          />
        </Grid>
      </Grid>
      <Card variant="outlined" component="section" aria-label="Anteile je Produktgruppe">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Anteile je Produktgruppe
          </Typography>
          <Suspense fallback={<Loading />}>
            <MappingShareChart statistics={data} />
          </Suspense>
          <Table size="small" aria-label="Artikel und Umsatz je Produktgruppe" sx={{ mt: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>Produktgruppe</TableCell>
                <TableCell align="right">Artikel</TableCell>
                <TableCell align="right">Anteil Artikel</TableCell>
                <TableCell align="right">Umsatz</TableCell>
                <TableCell align="right">Anteil Umsatz</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.groups.map((group) => (
                <TableRow key={group.productGroupId ?? 'none'}>
                  <TableCell sx={group.productGroupId === null ? { fontStyle: 'italic' } : undefined}>
                    {group.name}
                  </TableCell>
                  <TableCell align="right">{group.articles.toLocaleString('de-DE')}</TableCell>
                  <TableCell align="right">{percent(group.articles, articles.total)}</TableCell>
                  <TableCell align="right">{formatEuroCents(group.revenueCents)}</TableCell>
                  <TableCell align="right">{percent(group.revenueCents, revenueCents.total)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </>
  );
}
