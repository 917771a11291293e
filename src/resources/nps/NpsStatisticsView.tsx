import {
  Alert,
  Box,
  Card,
  CardContent,
  Grid,
  Link as MuiLink,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';
import { Link } from 'react-router-dom';
import { useEndpoint } from '../../api/useEndpoint';
import { formatCompanyDate } from '../../config/companyTime';
import { Figure } from '../kit/Figure';
import { getNpsStatistics, type NpsFilterValues } from './nps.endpoints';
import { formatNps } from './nps.rules';
import { RankedNpsTable } from './RankedNpsTable';
import { ScoreChip } from './ScoreChip';
import { NOTE_TEXT_SX } from '../kit/noteText';
import { countOf } from '../../i18n/format';

// recharts is loaded only when the statistics are opened, so the first page stays small.
const NpsCharts = lazy(() => import('./NpsCharts'));

const share = (part: number, total: number) =>
  total === 0 ? '–' : `${(Math.round((part / total) * 1000) / 10).toLocaleString('de-DE')} %`;

/** nps/statisticsv2 for the filters: key figures, charts, rankings, latest detractor comments. */
export function NpsStatisticsView({ query, zone }: { query: NpsFilterValues; zone: string }) {
  const { data, error } = useEndpoint(getNpsStatistics, { query }, { placeholderData: keepPreviousData });
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!data) return <Loading />;
  const { overall } = data;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Figure
            label="NPS"
            value={formatNps(overall.nps)}
            note={`aus ${countOf(overall.count, 'Antwort', 'Antworten')}`}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Figure
            label="Promotoren (9–10)"
            value={share(overall.promoters, overall.count)}
            note={countOf(overall.promoters, 'Antwort', 'Antworten')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Figure
            label="Passive (7–8)"
            value={share(overall.passives, overall.count)}
            note={countOf(overall.passives, 'Antwort', 'Antworten')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Figure
            label="Kritiker (0–6)"
            value={share(overall.detractors, overall.count)}
            note={countOf(overall.detractors, 'Antwort', 'Antworten')}
          />
        </Grid>
      </Grid>
      <Card variant="outlined">
        <CardContent>
          <Suspense fallback={<Loading />}>
            <NpsCharts statistics={data} />
          </Suspense>
        </CardContent>
      </Card>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <RankedNpsTable title="NPS je Filiale" nameLabel="Filiale" rows={data.branches} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <RankedNpsTable title="NPS je Verkäufer" nameLabel="Verkäufer" rows={data.sellers} />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Letzte Kommentare von Kritikern
          </Typography>
          {data.detractorComments.length === 0 ? (
            <Typography color="text.secondary">Keine Kommentare von Kritikern in diesem Zeitraum.</Typography>
          ) : (
            <List dense>
              {data.detractorComments.map((comment) => (
                <ListItem key={comment.id} alignItems="flex-start" disableGutters>
                  <Box sx={{ mr: 1.5, mt: 0.75 }}>
                    <ScoreChip score={comment.score} />
                  </Box>
                  <ListItemText
                    primary={`„${comment.comment}“`}
                    slotProps={{ primary: { sx: NOTE_TEXT_SX } }}
                    secondary={
                      <>
                        <MuiLink component={Link} to={`/crm/kunden/${comment.customerId}/show`}>
                          {comment.customerName}
                        </MuiLink>
                        {` · ${formatCompanyDate(comment.answeredAt, zone)}`}
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
