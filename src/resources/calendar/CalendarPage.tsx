import { useRef } from 'react';
import FullCalendar from '@fullcalendar/react';
import type { EventDropArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import luxonPlugin from '@fullcalendar/luxon3';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Box, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { HttpError, Title, useDataProvider, useNotify, type RaRecord } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { formatCompanyDateTime } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';
import { ACTIVITY_TYPES } from '../activities/activityTypes';
import { ScopePicker, useDueScope } from '../kit/ScopePicker';
import { TodosTabs } from '../kit/TodosTabs';
import { getCalendarTermine, type CalendarMeeting, type CalendarTermin } from './calendar.endpoints';

/** A Termin lasts an hour in the calendar (the CRM keeps only its start). */
const DURATION_MS = 60 * 60_000;
const typeLabel = (code: string) => ACTIVITY_TYPES.find((type) => type.id === code)?.name ?? code;
const OUTLOOK_NOTE = {
  gesendet: ' · in Outlook',
  wartet: ' · wartet auf Outlook',
  konflikt: ' · Konflikt mit Outlook',
};

function eventOf(termin: CalendarTermin, withSeller: boolean): EventInput {
  const start = new Date(termin.start);
  return {
    id: String(termin.id),
    title: `${typeLabel(termin.activityType)}: ${termin.customerName ?? 'Kunde'}${withSeller && termin.userName ? ` (${termin.userName})` : ''}`,
    start,
    end: new Date(start.getTime() + DURATION_MS),
    // Only open Termine move; a done one is history.
    editable: !termin.done,
    classNames: [termin.done ? 'termin-erledigt' : '', termin.outlook ? `outlook-${termin.outlook}` : ''],
    extendedProps: { termin, note: termin.outlook ? OUTLOOK_NOTE[termin.outlook] : '' },
  };
}

/** An Outlook meeting with a customer: shown for those who opted in, moved only in Outlook. */
function meetingOf(meeting: CalendarMeeting, withSeller: boolean): EventInput {
  return {
    id: `outlook-${meeting.eventId}`,
    title: `Outlook: ${meeting.subject ?? meeting.customerName ?? 'Termin'}${withSeller && meeting.userName ? ` (${meeting.userName})` : ''}`,
    start: new Date(meeting.start),
    end: new Date(meeting.end),
    editable: false,
    classNames: ['outlook-treffen'],
    extendedProps: { note: ' · aus Outlook, nur lesend' },
  };
}

/**
 * Todos → Kalender: the Termine of the person (leads: a seller or the branch) by day, week and month, German,
 * Monday first, with the calendar week; on a phone the day as a list. Dragging a Termin saves it like the form
 * does, with the version it was shown with: a colleague's change in between is refused (409) and the Termin
 * jumps back. Outlook follows through the activity's own write. Days and hours are the company's (its named zone
 * through the Luxon plugin), wherever the browser is: a 09:00 Termin in Klagenfurt shows at 09:00 in a browser set
 * to New York, and a drag to 10:00 saves 10:00 company time.
 */
export default function CalendarPage() {
  const theme = useTheme();
  const zone = useCompanyZone();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const scopeState = useDueScope();
  const { scope } = scopeState;
  const api = useEndpointClient();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const calendar = useRef<FullCalendar>(null);

  const scopeKind = scope.scope;
  const scopeUser = scope.userId;
  const events = (
    info: EventSourceFuncArg,
    success: (events: EventInput[]) => void,
    failure: (error: Error) => void,
  ) => {
    const query = {
      from: info.start.toISOString(),
      to: info.end.toISOString(),
      scope: scopeKind,
      userId: scopeUser,
    };
    api
      .call(getCalendarTermine, { query })
      .then((answer) =>
        success([
          ...answer.rows.map((termin) => eventOf(termin, scopeKind === 'branch')),
          ...answer.meetings.map((meeting) => meetingOf(meeting, scopeKind === 'branch')),
        ]),
      )
      .catch((error: Error) => {
        notify(error.message || 'Die Termine konnten nicht geladen werden.', { type: 'error' });
        failure(error);
      });
  };

  const moved = async (drop: EventDropArg) => {
    const termin = drop.event.extendedProps.termin as CalendarTermin;
    const start = drop.event.start;
    if (!start) return drop.revert();
    try {
      const { data: current } = await dataProvider.getOne<RaRecord>('aktivitaeten', { id: termin.id });
      await dataProvider.update('aktivitaeten', {
        id: termin.id,
        data: { activityDate: start.toISOString() },
        // The version the calendar showed: a change since then makes the server answer 409.
        previousData: { ...current, version: termin.version },
      });
      notify(`Termin verschoben auf ${formatCompanyDateTime(start, zone)}.`, { type: 'success' });
    } catch (error) {
      drop.revert();
      notify(
        error instanceof HttpError && error.status === 409
          ? 'Der Termin wurde inzwischen geändert. Die Ansicht wird neu geladen.'
          : 'Der Termin konnte nicht verschoben werden.',
        { type: 'error' },
      );
    }
    calendar.current?.getApi().refetchEvents();
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title="Kalender" />
      <TodosTabs />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Kalender
        </Typography>
        <ScopePicker {...scopeState} />
      </Stack>
      <Box
        sx={{
          '& .fc': { fontFamily: theme.typography.fontFamily, fontSize: phone ? 14 : 13 },
          '& .fc .fc-toolbar-title': { fontSize: phone ? 16 : 20 },
          '& .termin-erledigt': { opacity: 0.6 },
          '& .outlook-treffen': {
            backgroundColor: theme.palette.grey[600],
            borderColor: theme.palette.grey[600],
          },
          '& .outlook-konflikt': { borderColor: theme.palette.error.main, borderWidth: 2 },
        }}
      >
        <FullCalendar
          key={phone ? 'phone' : 'desk'}
          ref={calendar}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, luxonPlugin]}
          timeZone={zone}
          locale={deLocale}
          firstDay={1}
          weekNumbers
          weekText="KW"
          weekTextLong="Kalenderwoche"
          initialView={phone ? 'listDay' : 'timeGridWeek'}
          headerToolbar={
            phone
              ? { left: 'prev,next', center: 'title', right: 'today' }
              : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' }
          }
          slotMinTime="06:00:00"
          slotMaxTime="21:00:00"
          scrollTime="07:00:00"
          nowIndicator
          allDaySlot={false}
          height="auto"
          editable
          eventDurationEditable={false}
          events={events}
          eventDrop={(drop) => void moved(drop)}
          noEventsText="Keine Termine an diesem Tag"
          eventContent={(arg) => (
            <span title={`${arg.event.title}${String(arg.event.extendedProps.note ?? '')}`}>
              {arg.timeText && <b>{arg.timeText} </b>}
              {arg.event.title}
            </span>
          )}
        />
      </Box>
    </Box>
  );
}
