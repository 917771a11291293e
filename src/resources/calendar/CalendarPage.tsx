import { useEffect, useRef, useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import type { EventApi, EventDropArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import luxonPlugin from '@fullcalendar/luxon3';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Box, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { Title, useNotify } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { useCompanyZone } from '../../config/useCompanyZone';
import { isOnline } from '../../offline/online';
import { useOutboxText } from '../../offline/outbox/outbox';
import { ScopePicker, useDueScope } from '../kit/ScopePicker';
import { TodosTabs } from '../kit/TodosTabs';
import { getCalendarTermine, type CalendarTermin } from './calendar.endpoints';
import {
  DURATION_MS,
  eventOf,
  meetingOf,
  visibleHours,
  WORKING_HOURS,
  type WaitingMove,
} from './calendarEvents';
import { MoveTerminSheet } from './MoveTerminSheet';
import { waitingTerminMoves } from './terminMove.outbox';
import { useTerminMove, type MoveOutcome } from './useTerminMove';

/** A Termin moved offline: drawn where it goes, marked as waiting, not movable again until it is sent. */
function markWaiting(event: EventApi, start: Date) {
  event.setDates(start, new Date(start.getTime() + DURATION_MS));
  event.setProp('editable', false);
  event.setProp('classNames', [...event.classNames, 'termin-wartet']);
  event.setExtendedProp('waiting', 'wartet');
}

/**
 * Todos → Kalender: the Termine of the person (leads: a seller or the branch) by day, week and month, German,
 * Monday first, with the calendar week; on a phone the day as a list, where a tap on a Termin opens
 * "Verschieben" (MoveTerminSheet). A drag or that sheet moves it with the version it was shown with
 * (useTerminMove): a colleague's change in between is refused (409) and the Termin jumps back; offline the move
 * waits in the outbox and the Termin shows where it goes, marked "wartet". Outlook follows through the activity's
 * own write. Days and hours are the company's (its named zone
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
  const notify = useNotify();
  const calendar = useRef<FullCalendar>(null);
  const moveTermin = useTerminMove();
  const [hours, setHours] = useState(WORKING_HOURS);
  const [sheet, setSheet] = useState<{ termin: CalendarTermin; event: EventApi } | null>(null);
  // Moves still waiting in the outbox, as text so this re-renders when that changes, not per entry sent.
  const waitingText = useOutboxText(({ entries }) => JSON.stringify(waitingTerminMoves(entries)));
  const waiting = useRef(new Map<number, WaitingMove>());
  const scopeKind = scope.scope;
  const scopeUser = scope.userId;
  const load = (
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
      .then((answer) => {
        const shown = [
          ...answer.rows.map((termin) =>
            eventOf(termin, scopeKind === 'branch', waiting.current.get(termin.id)),
          ),
          ...answer.meetings.map((meeting) => meetingOf(meeting, scopeKind === 'branch')),
        ];
        const next = visibleHours(shown, zone);
        setHours((now) =>
          now.slotMinTime === next.slotMinTime && now.slotMaxTime === next.slotMaxTime ? now : next,
        );
        success(shown);
      })
      .catch((error: Error) => {
        notify(error.message || 'Die Termine konnten nicht geladen werden.', { type: 'error' });
        failure(error);
      });
  };

  // One function for the page's life: a new one is a new source to FullCalendar, fetched again at once (opening
  // the phone's sheet offline would then lose the day). It loads with what the page has now.
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });
  const [events] = useState(
    () => (info: EventSourceFuncArg, success: (e: EventInput[]) => void, failure: (e: Error) => void) =>
      loader.current(info, success, failure),
  );
  // Another scope, the outbox read (after the calendar's first fetch) or a waiting move sent or decided: draw
  // the calendar as the server has it now, the waiting moves where they go. Offline there is nothing to ask.
  const drawn = useRef(false);
  useEffect(() => {
    waiting.current = new Map(
      (JSON.parse(waitingText) as [number, string, string][]).map(([id, start, state]) => [
        id,
        { start, state },
      ]),
    );
    if (drawn.current && isOnline()) calendar.current?.getApi().refetchEvents();
    drawn.current = true;
  }, [waitingText, scopeKind, scopeUser]);

  // FullCalendar places Termine by the hour rows it measured when it drew; it measures again only when the window
  // resizes. The rows change later without that: the web font arriving shrinks them (a 09:00 Termin then sat at
  // 09:40, and a drag added the difference), the side menu folding widens them. So: measure again on any change.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => calendar.current?.getApi().updateSize());
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  /** After a move: saved or refused, the calendar as the server has it; waiting, the Termin where it goes. */
  const settle = (outcome: MoveOutcome, event: EventApi, start: Date) => {
    if (outcome === 'wartet') markWaiting(event, start);
    else calendar.current?.getApi().refetchEvents();
  };

  const dropped = async (drop: EventDropArg) => {
    const termin = drop.event.extendedProps.termin as CalendarTermin;
    const start = drop.event.start;
    if (!start) return drop.revert();
    const outcome = await moveTermin(termin, start);
    if (outcome === 'abgelehnt') drop.revert();
    settle(outcome, drop.event, start);
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
        ref={box}
        sx={{
          '& .fc': { fontFamily: theme.typography.fontFamily, fontSize: phone ? 14 : 13 },
          '& .fc .fc-toolbar-title': { fontSize: phone ? 16 : 20 },
          '& .termin-erledigt': { opacity: 0.6 },
          '& .outlook-treffen': {
            backgroundColor: theme.palette.grey[600],
            borderColor: theme.palette.grey[600],
          },
          '& .outlook-konflikt': { borderColor: theme.palette.error.main, borderWidth: 2 },
          '& .termin-wartet': { opacity: 0.75 },
          '& .fc-timegrid-event.termin-wartet': { borderStyle: 'dashed' },
          '& .termin-wartet-chip': { fontStyle: 'italic' },
          // In the month a Termin's line ends at its day (the whole title in its tooltip), not over the next day's.
          '& .fc-daygrid-event': { overflow: 'hidden' },
          '& .fc-daygrid-event > span': {
            minWidth: 0,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          },
          // A phone's row is a thumb's target (44 px and more), with the word that says what a tap does.
          '& .fc-list-event td': { height: 48, cursor: 'pointer' },
          '& .termin-verschieben': {
            float: 'right',
            ml: 1,
            color: theme.palette.primary.main,
            textDecoration: 'underline',
          },
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
          slotMinTime={hours.slotMinTime}
          slotMaxTime={hours.slotMaxTime}
          scrollTime="07:00:00"
          nowIndicator
          allDaySlot={false}
          height="auto"
          editable
          eventDurationEditable={false}
          // On a touch screen a drag starts after a short press, so the page still scrolls under a thumb.
          eventLongPressDelay={400}
          events={events}
          eventDrop={(drop) => void dropped(drop)}
          eventClick={(click) => {
            const termin = click.event.extendedProps.termin as CalendarTermin | undefined;
            // On a phone a tap moves (a drag on the day's list is none); a meeting from Outlook or a done or
            // waiting Termin does not move.
            if (phone && termin && click.event.startEditable) setSheet({ termin, event: click.event });
          }}
          noEventsText="Keine Termine an diesem Tag"
          eventContent={(arg) => (
            <span title={`${arg.event.title}${String(arg.event.extendedProps.note ?? '')}`}>
              {arg.timeText && <b>{arg.timeText} </b>}
              {arg.event.title}
              {arg.event.extendedProps.waiting && (
                <span className="termin-wartet-chip"> – {String(arg.event.extendedProps.waiting)}</span>
              )}
              {phone && arg.event.startEditable && <span className="termin-verschieben">Verschieben</span>}
            </span>
          )}
        />
      </Box>
      {sheet && (
        <MoveTerminSheet
          termin={sheet.termin}
          start={(sheet.event.start ?? new Date(sheet.termin.start)).toISOString()}
          onClose={() => setSheet(null)}
          onMove={async (start) => {
            const outcome = await moveTermin(sheet.termin, start);
            settle(outcome, sheet.event, start);
            setSheet(null);
          }}
        />
      )}
    </Box>
  );
}
