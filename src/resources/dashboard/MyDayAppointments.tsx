import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
import { Alert, Box, Button, LinearProgress, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import type { ResultOf } from '../../api/endpoint';
import { formatCompanyDateTime } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';
import { activityTypeName } from '../activities/activityTypes';
import { addressLine, mapsHref, telHref } from '../kit/contactLinks';
import { phoneTapTarget } from '../kit/phoneTapTarget';
import type { Appointment, getMyDayAppointments, MyDayMeeting } from './myDay.endpoints';
import { meetingTitle, myDayEntries } from './myDayEntries';

/** A titled part of Mein Tag on the phone. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2.5 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1, fontSize: '1.1rem' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** One of today's Termine, Besuche, Aufmaße: the time, the customer, the way there, the phone, "Erfassen". */
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
        <ContactButtons address={address || null} phone={item.phone} />
        <Button size="small" onClick={onCapture} sx={{ minHeight: 44 }}>
          Erfassen
        </Button>
      </Stack>
    </Paper>
  );
}

/** The way there and the phone, as buttons a thumb hits (44 px). */
function ContactButtons({ address, phone }: { address: string | null; phone: string | null }) {
  return (
    <>
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
      {phone && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<PhoneIcon />}
          href={telHref(phone)}
          sx={{ minHeight: 44 }}
        >
          {phone}
        </Button>
      )}
    </>
  );
}

/** A meeting with a customer in the seller's Outlook (for those who opted in): shown, moved only in Outlook. */
function MeetingCard({ meeting }: { meeting: MyDayMeeting }) {
  const zone = useCompanyZone();
  const time = (instant: string) => formatCompanyDateTime(instant, zone).slice(-5);
  const address = meeting.street || meeting.city ? addressLine(meeting) : meeting.location;
  return (
    <Paper
      variant="outlined"
      component="li"
      data-outlook
      sx={{ p: 1.5, listStyle: 'none', borderLeftWidth: 4, borderLeftColor: 'primary.main' }}
    >
      <Typography sx={{ fontWeight: 700 }}>
        {time(meeting.start)}–{time(meeting.end)} · {meetingTitle(meeting)}
      </Typography>
      <Typography sx={{ fontSize: '1.05rem' }}>
        <MuiLink component={Link} to={`/crm/kunden/${meeting.customerId}/show`} sx={phoneTapTarget}>
          {meeting.customerName ?? `Kunde ${meeting.customerId}`}
        </MuiLink>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Aus Outlook · dort verschieben
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <ContactButtons address={address} phone={meeting.phone} />
      </Stack>
    </Paper>
  );
}

/** "Termine heute": the seller's Termine and Outlook meetings with customers of the company's today, in time order. */
export function TermineHeute({
  appointments,
  onCapture,
}: {
  appointments: {
    isPending: boolean;
    error: Error | null;
    data?: ResultOf<typeof getMyDayAppointments>;
  };
  onCapture: (item: Appointment) => void;
}) {
  const entries = appointments.data
    ? myDayEntries(appointments.data.items, appointments.data.meetings)
    : null;
  return (
    <Section title="Termine heute">
      {appointments.isPending && <LinearProgress aria-label="Wird geladen" />}
      {appointments.error && <Alert severity="error">{appointments.error.message}</Alert>}
      {entries?.length === 0 && (
        <Typography color="text.secondary">Heute keine Termine, Besuche oder Aufmaße.</Typography>
      )}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
        {entries?.map((entry) =>
          entry.kind === 'termin' ? (
            <AppointmentCard key={entry.item.id} item={entry.item} onCapture={() => onCapture(entry.item)} />
          ) : (
            <MeetingCard key={`outlook-${entry.meeting.eventId}`} meeting={entry.meeting} />
          ),
        )}
      </Stack>
    </Section>
  );
}
