import AddIcon from '@mui/icons-material/AddAPhoto';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Link as MuiLink,
  List,
  ListItem,
  ListItemText,
  Paper,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Title, useGetIdentity } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { useEndpoint } from '../../api/useEndpoint';
import { formatDate } from '../../i18n/format';
import { KeptCopyNote } from '../../offline/kept/KeptCopyNote';
import { phoneTapTarget } from '../kit/phoneTapTarget';
import { allTodosLinkText } from '../todos/todoCounts.rules';
import { DueItemList } from '../kit/DueItemList';
import { recentlyOpened } from '../kit/recentlyOpened';
import { useDueItemActions } from '../kit/useDueItemActions';
import { getTodos } from '../todos/dueItems.endpoints';
import { getMyDayAppointments } from './myDay.endpoints';
import { MY_STAGNANT_LINK, stagnantLineText } from './myDayStagnant';
import { Section, TermineHeute } from './MyDayAppointments';
import type { BesuchTarget } from './BesuchDialog';
import { captureTarget } from './captureTarget';
import type { MyDayHandOverState } from './light/MyDayLight';

// The capture form (camera, forms) loads after the day's first screen, not with it (see MyDayPhonePage).
const loadBesuchDialog = () => import('./BesuchDialog');
const BesuchDialog = lazy(loadBesuchDialog);
// Loaded after the day's own sections (the first screen's weight stays as it was).
const NotificationList = lazy(() =>
  import('../kit/NotificationList').then((m) => ({ default: m.NotificationList })),
);

/** How many todos of each bucket (overdue, today) the phone shows; "Alle Todos" leads on. */
const TODOS_PER_BUCKET = 10;
/** How many of the records opened lately. */
const RECENT_SHOWN = 8;
/** Room at the bottom for the capture button, so that it never covers the last entry. */
const BOTTOM_BAR = 88;

const WEEKDAY = new Intl.DateTimeFormat('de-AT', { weekday: 'long' });

/**
 * "Besuch erfassen" tapped on the light page: the full app took over to open it, with the target in the
 * location's state. The light page hands over at once and the navigation that carries the state commits a moment
 * later (a transition), so this page may be drawn before it: it opens the form when the state arrives, once per
 * hand-over, and takes it out of the history entry (a reload or going back does not open it again).
 */
function useHandedOverCapture(open: (target: BesuchTarget | 'neu') => void) {
  const location = useLocation();
  const handedOver = (location.state as MyDayHandOverState | null)?.besuchErfassen;
  const [seen, setSeen] = useState<string | null>(null);
  if (handedOver && seen !== location.key) {
    setSeen(location.key);
    open(handedOver);
  }
  useEffect(() => {
    if (!handedOver) return;
    const entry = window.history.state as { usr?: MyDayHandOverState } | null;
    window.history.replaceState({ ...entry, usr: { ...entry?.usr, besuchErfassen: undefined } }, '');
  }, [handedOver]);
}

/**
 * Mein Tag: the phone's landing (below 600 px) on one screen: today's appointments with the way there and the
 * customer's phone, the overdue and today's todos with one-tap done / postpone, what was opened lately, and
 * "Besuch erfassen" at the bottom, in thumb reach. No Kennzahlen and no charts: they are the desk's.
 */
export function MyDayPhonePage() {
  const { identity } = useGetIdentity();
  const appointments = useEndpoint(getMyDayAppointments, { query: {} });
  const todos = useEndpoint(getTodos, { query: {} });
  const actions = useDueItemActions();
  const [capture, setCapture] = useState<BesuchTarget | 'neu' | null>(null);
  useHandedOverCapture(setCapture);

  const urgent = (['ueberfaellig', 'heute'] as const).flatMap((bucket) =>
    (todos.data?.items ?? []).filter((item) => item.bucket === bucket).slice(0, TODOS_PER_BUCKET),
  );
  const recent = identity ? recentlyOpened(String(identity.id)).slice(0, RECENT_SHOWN) : [];
  const today = appointments.data?.today ?? todos.data?.today;
  // "Besuch erfassen" is the page's headline action: its code comes once the day is drawn, so that a tap opens
  // the form at once rather than after a download on a weak line.
  useEffect(() => {
    const idle = window.requestIdleCallback?.(() => void loadBesuchDialog().catch(() => undefined));
    return () => {
      if (idle !== undefined) window.cancelIdleCallback?.(idle);
    };
  }, []);

  return (
    <Box sx={{ pb: `${BOTTOM_BAR}px` }}>
      <Title title="Mein Tag" />
      <KeptCopyNote />
      <Typography variant="h5" component="h1">
        Mein Tag
      </Typography>
      {today && (
        <Typography color="text.secondary">
          {WEEKDAY.format(new Date(`${today}T12:00:00Z`))}, {formatDate(today)}
        </Typography>
      )}
      <StagnantLine count={appointments.data?.stagnant} />

      <TermineHeute appointments={appointments} onCapture={(item) => setCapture(captureTarget(item))} />

      <Section title="Todos">
        {todos.isPending && <LinearProgress aria-label="Wird geladen" />}
        {todos.error && <Alert severity="error">{todos.error.message}</Alert>}
        {todos.data && (
          <>
            <DueItemList
              items={urgent}
              bucketCounts={todos.data.buckets}
              today={todos.data.today}
              actions={actions}
              showOwner={false}
              emptyText="Nichts überfällig, nichts für heute. 🎉"
            />
            <Typography variant="body2" sx={{ mt: 1 }}>
              <MuiLink component={Link} to="/crm/todos" sx={phoneTapTarget}>
                {allTodosLinkText(todos.data.total, todos.data.urgent)}
              </MuiLink>
            </Typography>
          </>
        )}
      </Section>

      <Section title="Benachrichtigungen">
        <Paper variant="outlined">
          <Suspense fallback={<LinearProgress aria-label="Wird geladen" />}>
            <NotificationList limit={5} />
          </Suspense>
        </Paper>
      </Section>

      <Section title="Zuletzt geöffnet">
        {recent.length === 0 ? (
          <Typography color="text.secondary">Noch nichts geöffnet.</Typography>
        ) : (
          <Paper variant="outlined">
            <List dense disablePadding>
              {recent.map((record) => (
                <ListItem key={`${record.kind}:${record.id}`} divider>
                  <ListItemText
                    primary={
                      <MuiLink
                        component={Link}
                        sx={phoneTapTarget}
                        to={
                          record.kind === 'kunde'
                            ? `/crm/kunden/${record.id}/show`
                            : `/crm/vorgang/${record.id}`
                        }
                      >
                        {record.title}
                      </MuiLink>
                    }
                    secondary={record.kind === 'kunde' ? 'Kunde' : 'Vorgang'}
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </Section>
      {actions.undoSnackbar}

      <Box
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          p: 1.5,
          pb: 'calc(12px + env(safe-area-inset-bottom))',
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          zIndex: (theme) => theme.zIndex.appBar,
        }}
      >
        <Button
          fullWidth
          variant="contained"
          size="large"
          startIcon={<AddIcon />}
          onClick={() => setCapture('neu')}
          sx={{ minHeight: 56, fontSize: '1.05rem' }}
        >
          Besuch erfassen
        </Button>
      </Box>
      {capture && (
        <Suspense
          fallback={
            <LinearProgress
              aria-label="Besuch erfassen wird geöffnet"
              sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'modal' }}
            />
          }
        >
          <BesuchDialog target={capture === 'neu' ? undefined : capture} onClose={() => setCapture(null)} />
        </Suspense>
      )}
    </Box>
  );
}

/** The caller's stagnating Vorgänge, linked to the list behind them; nothing when none (or an older kept copy). */
function StagnantLine({ count }: { count: number | undefined }) {
  if (!count) return null;
  const text = stagnantLineText(count);
  return (
    <Typography variant="body2" data-stagnant sx={{ mt: 0.5 }}>
      <MuiLink component={Link} to={MY_STAGNANT_LINK} sx={phoneTapTarget}>
        {text.link}
      </MuiLink>{' '}
      <Box component="span" sx={{ color: 'text.secondary' }}>
        – {text.note}
      </Box>
    </Typography>
  );
}
