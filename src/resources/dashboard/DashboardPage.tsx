import { Alert, Box, Grid, LinearProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { AfterFirstPaint } from '../generic/AfterFirstPaint';
import { Title, useGetIdentity } from 'react-admin';
import { Link } from 'react-router-dom';
import { useEndpoint } from '../../api/useEndpoint';
import { DueItemList } from '../kit/DueItemList';
import { getTodos } from '../todos/dueItems.endpoints';
import { allTodosLinkText } from '../todos/todoCounts.rules';
import { ScopePicker, useDueScope } from '../kit/ScopePicker';
import { useDueItemActions } from '../kit/useDueItemActions';
import { getDashboardFigures, getDashboardLists } from './dashboard.endpoints';
import { VorgangShortList } from './DashboardLists';
import { Kennzahlen } from './Kennzahlen';
import { figureFilters, vorgangListLink } from './vorgangListLink';

// recharts is loaded only when the charts are shown, not with the first page.
const DashboardCharts = lazy(() => import('./DashboardCharts'));
/** How many todos of each bucket Heute shows. */
const ITEMS_PER_BUCKET = 10;

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
      {children}
    </Typography>
  );
}

/** The day's start for APP_KUNDE: Heute (overdue + today's todos), Kennzahlen, charts, lists; leads switch scope. */
function MyDay() {
  const scopeState = useDueScope();
  const { scope } = scopeState;
  const { identity } = useGetIdentity();
  const todos = useEndpoint(getTodos, { query: scope });
  const figures = useEndpoint(getDashboardFigures, { query: scope });
  const lists = useEndpoint(getDashboardLists, { query: scope });
  const actions = useDueItemActions();
  // The first few of each bucket, the header counts them all ("10 von 1.234") and "Alle Todos" leads on: a
  // seller with hundreds overdue got every one drawn here, 2 s of rendering before the Kennzahlen showed.
  const urgent = (['ueberfaellig', 'heute'] as const).flatMap((bucket) =>
    (todos.data?.items ?? []).filter((item) => item.bucket === bucket).slice(0, ITEMS_PER_BUCKET),
  );
  const todosLink = `/crm/todos${scope.scope ? `?${new URLSearchParams(scope as Record<string, string>)}` : ''}`;
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Dashboard" />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {scope.scope === 'branch'
            ? 'Filiale'
            : `Guten Tag${identity?.fullName ? `, ${identity.fullName}` : ''}`}
        </Typography>
        <ScopePicker {...scopeState} />
      </Stack>

      <SectionTitle>Heute</SectionTitle>
      {todos.isPending && <LinearProgress aria-label="Wird geladen" />}
      {todos.error && <Alert severity="error">{todos.error.message}</Alert>}
      {todos.data && (
        <>
          <DueItemList
            items={urgent}
            bucketCounts={todos.data.buckets}
            today={todos.data.today}
            actions={actions}
            showOwner={Boolean(scope.scope)}
            emptyText="Nichts überfällig, nichts für heute. 🎉"
          />
          <Typography variant="body2" sx={{ mt: 1 }}>
            <MuiLink component={Link} to={todosLink}>
              {allTodosLinkText(todos.data.total, todos.data.urgent)}
            </MuiLink>
          </Typography>
        </>
      )}

      <SectionTitle>Kennzahlen</SectionTitle>
      {figures.isPending && <LinearProgress aria-label="Wird geladen" />}
      {figures.error && <Alert severity="error">{figures.error.message}</Alert>}
      {figures.data && <Kennzahlen figures={figures.data} />}

      <SectionTitle>Verlauf</SectionTitle>
      {/* The charts (recharts: a chunk of its own and much rendering work) start once the Kennzahlen stand, so
          that they do not compete with the figures for the first paint (not slower than Kunden). */}
      {figures.isPending ? (
        <LinearProgress aria-label="Wird geladen" />
      ) : (
        // Asked for after the Kennzahlen are painted, also when they come in the page's first render.
        <AfterFirstPaint placeholder={<LinearProgress aria-label="Wird geladen" />}>
          <Suspense fallback={<LinearProgress aria-label="Wird geladen" />}>
            <DashboardCharts scope={scope} />
          </Suspense>
        </AfterFirstPaint>
      )}

      <Grid container spacing={1.5} sx={{ mt: 3 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <VorgangShortList
            title="Zuletzt bearbeitete Vorgänge"
            rows={lists.data?.recent ?? []}
            empty={lists.isPending ? 'Wird geladen …' : 'Noch keine Vorgänge.'}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <VorgangShortList
            title="Nachfassen: Angebote ohne Aktivität seit 14 Tagen"
            rows={lists.data?.followUp ?? []}
            empty={lists.isPending ? 'Wird geladen …' : 'Alle Angebote sind in Bearbeitung.'}
            {...(lists.data && figures.data && lists.data.followUpTotal > lists.data.followUp.length
              ? {
                  more: {
                    text: `Alle ${lists.data.followUpTotal} anzeigen`,
                    to: vorgangListLink(figures.data.owner, figureFilters(figures.data.today).followUp),
                  },
                }
              : {})}
          />
        </Grid>
      </Grid>
      {actions.undoSnackbar}
    </Box>
  );
}

/**
 * Landing page after sign-in: my day for APP_KUNDE. Everyone else gets NoCustomerAccess from the route
 * (the page's `noPermission` in index.ts), without this page's code or calls.
 */
export function DashboardPage() {
  return <MyDay />;
}
