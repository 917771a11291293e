import AddIcon from '@mui/icons-material/AddAPhoto';
import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
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
  Stack,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Title, useGetIdentity } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { useEndpoint } from '../../api/useEndpoint';
import { formatCompanyDateTime } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';
import { formatDate } from '../../i18n/format';
import { KeptCopyNote } from '../../offline/kept/KeptCopyNote';
import { activityTypeName } from '../activities/activityTypes';
import { addressLine, mapsHref, telHref } from '../kit/contactLinks';
import { phoneTapTarget } from '../kit/phoneTapTarget';
import { allTodosLinkText } from '../todos/todoCounts.rules';
import { DueItemList } from '../kit/DueItemList';
import { recentlyOpened } from '../kit/recentlyOpened';
import { useDueItemActions } from '../kit/useDueItemActions';
import { getTodos } from '../todos/dueItems.endpoints';
import { getMyDayAppointments, type Appointment } from './myDay.endpoints';
import type { BesuchTarget } from './BesuchDialog';
import { captureTarget } from './captureTarget';
import type { MyDayHandOverState } from './light/MyDayLight';

// The capture form (camera, forms) loads after the day's first screen, not with it (see MyDayPhonePage).
const loadBesuchDialog = () => import('./BesuchDialog');
const BesuchDialog = lazy(loadBesuchDialog);

/** How many todos of each bucket (overdue, today) the phone shows; "Alle Todos" leads on. */
const TODOS_PER_BUCKET = 10;
/** How many of the records opened lately. */
const RECENT_SHOWN = 8;
/** Room at the bottom for the capture button, so that it never covers the last entry. */
const BOTTOM_BAR = 88;

const WEEKDAY = new Intl.DateTimeFormat('de-AT', { weekday: 'long' });

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2.5 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1, fontSize: '1.1rem' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function AppointmentCard({ item, onCapture }: { item: Appointment; onCapture: () => void }) {
  const zone = useCompanyZone();
  const address = addressLine(item);
  return (
    // A Termin already done: greyed by its background, its text kept readable (at 60 % opacity it fell below 4.5:1).
    <Paper
      variant="outlined"
      component="li"
      sx={{ p: 1.5, listStyle: 'none', bgcolor: item.done ? 'action.hover' : undefined }}
    >
      <Typography sx={{ fontWeight: 700 }}>
        {formatCompanyDateTime(item.activityDate, zone).slice(-5)} · {activityTypeName(item.activityType)}
        {item.done ? ' (erledigt)' : ''}
      </Typography>
      <Typography sx={{ fontSize: '1.05rem' }}>
        <MuiLink component={Link} to={`/crm/kunden/${item.customerId}/show`} sx={phoneTapTarget}>
          {item.customerName ?? `Kunde ${item.customerId}`}
        </MuiLink>
        {/* The Vorgang the visit is for, one tap away as the customer is. */}
        {item.vorgangId !== null && (
          <>
            {' · '}
            <MuiLink component={Link} to={`/crm/vorgang/${item.vorgangId}`} sx={phoneTapTarget}>
              {item.vorgangNumber ?? `Vorgang ${item.vorgangId}`}
            </MuiLink>
          </>
        )}
      </Typography>
      {(item.reason || item.note) && (
        <Typography variant="body2" color="text.secondary">
          {[item.reason, item.note].filter(Boolean).join(' · ')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        {address && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<PlaceIcon />}
            href={mapsHref(address, navigator.userAgent)}
            target="_blank"
            rel="noopener"
            sx={{ textTransform: 'none', minHeight: 44, maxWidth: '100%', textAlign: 'left' }}
          >
            {/* On two lines rather than cut: the town at its end is what a seller checks. */}
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {address}
            </Box>
          </Button>
        )}
        {item.phone && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<PhoneIcon />}
            href={telHref(item.phone)}
            sx={{ minHeight: 44 }}
          >
            {item.phone}
          </Button>
        )}
        <Button size="small" onClick={onCapture} sx={{ minHeight: 44 }}>
          Erfassen
        </Button>
      </Stack>
    </Paper>
  );
}

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

      <Section title="Termine heute">
        {appointments.isPending && <LinearProgress aria-label="Wird geladen" />}
        {appointments.error && <Alert severity="error">{appointments.error.message}</Alert>}
        {appointments.data?.items.length === 0 && (
          <Typography color="text.secondary">Heute keine Termine, Besuche oder Aufmaße.</Typography>
        )}
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
          {appointments.data?.items.map((item) => (
            <AppointmentCard key={item.id} item={item} onCapture={() => setCapture(captureTarget(item))} />
          ))}
        </Stack>
      </Section>

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
