import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Session } from '../../../authProvider/session';
import { loadCrmApp } from '../../../authProvider/startCrm';
import { noteFirstScreenDrawn } from '../../../pageLoad';
import { addCompanyDays, companyToday, timeZoneOf } from '../../../config/companyTime';
import { useClientConfig } from '../../../config/ClientConfigContext';
import type { ResultOf } from '../../../api/endpoint';
import type { ApiClients } from '../../../dataProvider/httpClient';
import type { HandedOverTap } from '../../../layout/handedOverTap';
import { recentlyOpened } from '../../kit/openedRecords';
import { getTodos, type DueItem } from '../../todos/dueItems.endpoints';
import { allTodosLinkText } from '../../todos/todoCounts.rules';
import type { BesuchTarget } from '../BesuchDialog';
import { getMyDayAppointments } from '../myDay.endpoints';
import { LightAppointments } from './LightAppointments';
import { germanDay, LightTodos, type LightTodoActions } from './LightTodos';
import { keptDayAnswer } from './keptDay';
import { useStartedCall } from './useStartedCall';
import { KeptNote, OfflineChip, OutboxChip, UpdatePrompt } from './LightChips';
import { LightCaptureBar, LightSnackbar } from './LightBottom';
import { LightRecent } from './LightRecent';
import { LightSection } from './LightSection';
import { LightStagnantLine } from './LightStagnantLine';
import { LightTopBar } from './LightTopBar';
import { themeStyle } from './lightTheme';

import './myDayLight.css';

export { readKeptDay } from './keptDay';
export { storedMsalAccount } from './storedAccount';

/** How many todos of each bucket (overdue, today) Mein Tag shows; "Alle Todos" leads on. */
const TODOS_PER_BUCKET = 10;
/** How many of the records opened lately. */
const RECENT_SHOWN = 8;

const WEEKDAY = new Intl.DateTimeFormat('de-AT', { weekday: 'long' });

/** Where the full app's Mein Tag opens "Besuch erfassen" by itself (the capture form needs the full app). */
export type MyDayHandOverState = { besuchErfassen?: BesuchTarget | 'neu' };

export interface MyDayLightProps {
  session: Session;
  clients: ApiClients;
  /** Lets the full app take over at this address (it loads behind the page and draws the same day). */
  onHandOver: () => void;
}

interface MyDayViewProps {
  accountId: string;
  /** Null while the page is drawn before MSAL has confirmed the sign-in: nothing is asked, no tap acts yet. */
  clients: ApiClients | null;
  onHandOver: () => void;
}

export type OutboxModule = typeof import('./lightOutbox');
type NotificationsModule = typeof import('./LightNotifications');

/**
 * Mein Tag as a phone's first screen, in plain React: the day's Termine with the way there and the phone, the
 * overdue and today's todos with done / postpone (through the outbox), what was opened lately and "Besuch
 * erfassen", from the calls `routeData` started (or the kept copy without network). No react-admin and no MUI:
 * their code loads behind it once the day is drawn, and the full app takes over when the person goes anywhere
 * else, opens the menu or captures a Besuch.
 */
export function MyDayLight({ session, clients, onHandOver }: MyDayLightProps) {
  return (
    <MyDayView accountId={session.account?.homeAccountId ?? ''} clients={clients} onHandOver={onHandOver} />
  );
}

/**
 * Mein Tag drawn at the very start of a page load, before MSAL's library has loaded and confirmed the sign-in:
 * the top bar and, when this device kept the day of `accountId` (the account MSAL's storage names, see
 * storedAccount.ts), that day; otherwise the sections' loading bars. The full page (MyDayLight, with the same
 * kept day as its first state) replaces it in the same place once the sign-in is confirmed.
 */
export function MyDayLightPreview({ accountId }: { accountId: string }) {
  return <MyDayView accountId={accountId} clients={null} onHandOver={NOTHING} />;
}

const NOTHING = () => undefined;

/**
 * A tap on the page drawn before the sign-in was confirmed (MyDayLightPreview, whose buttons cannot act yet):
 * kept here and repeated by the page that replaces it, so that the first tap on "Besuch erfassen" opens the form
 * whenever it comes. Module state: the two pages are separate trees.
 */
let earlyTap: { capture: BesuchTarget | 'neu' } | { bar: string } | null = null;

function MyDayView({ accountId, clients, onHandOver }: MyDayViewProps) {
  const { tenant, ui } = useClientConfig();
  const zone = timeZoneOf(tenant);
  const navigate = useNavigate();
  const [{ dark, style }] = useState(() => themeStyle(accountId, ui.theme));
  const appointments = useStartedCall(
    getMyDayAppointments,
    clients,
    keptDayAnswer(accountId, getMyDayAppointments.path)?.result as ResultOf<typeof getMyDayAppointments>,
  );
  const todos = useStartedCall(
    getTodos,
    clients,
    keptDayAnswer(accountId, getTodos.path)?.result as ResultOf<typeof getTodos>,
  );
  const [outbox, setOutbox] = useState<OutboxModule | null>(null);
  // The unread notifications: their code and call only once the day is drawn (the first drawing stays as light).
  const [notifications, setNotifications] = useState<NotificationsModule | null>(null);
  // A capture tapped before this page could act: shown as on its way until the full app opens the form.
  const [opening, setOpening] = useState(() => earlyTap !== null && 'capture' in earlyTap);
  const [busy, setBusy] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<ReadonlyMap<string, string>>(new Map());
  // What waits in the outbox (also what was changed before this page was opened): once its code is here.
  const [queued, setQueued] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => outbox?.watchWaitingTodos(setQueued), [outbox]);
  // The snackbar after a change: what happened, with "Rückgängig" where it can be undone.
  const [undo, setUndo] = useState<{ message: string; run?: () => Promise<unknown> } | null>(null);
  // Answered by the calls (not only the day kept on the device): then the rest may use the line.
  const drawn = appointments.answered && todos.answered;
  const reloadTodos = todos.reload;

  // Once the day is on screen: the full app's code (to take over without a wait) and the outbox, which sends
  // what waits. Not before: on a weak line they would share it with the day's first answers.
  useEffect(() => {
    if (!drawn || !clients) return;
    noteFirstScreenDrawn();
    let disconnect: (() => void) | undefined;
    let current = true;
    const behind = () => {
      // The capture form's code right after the app's: the headline action opens without a wait of its own.
      void loadCrmApp()
        .then(() => import('../BesuchDialog'))
        .catch(() => undefined);
      void import('./LightNotifications').then((module) => current && setNotifications(module));
      void import('./lightOutbox').then((module) => {
        if (!current) return;
        setOutbox(module);
        if (accountId)
          disconnect = module.connectLightOutbox(accountId, clients, (count) => {
            reloadTodos();
            setUndo({ message: module.outboxSavedText(count) });
          });
      });
    };
    const idle = window.requestIdleCallback?.(behind, { timeout: 1000 }) ?? window.setTimeout(behind, 200);
    return () => {
      current = false;
      window.cancelIdleCallback?.(idle);
      window.clearTimeout(idle);
      disconnect?.();
    };
  }, [drawn, accountId, clients, reloadTodos]);

  useEffect(() => {
    if (!undo) return;
    const timer = window.setTimeout(() => setUndo(null), 8000);
    return () => window.clearTimeout(timer);
  }, [undo]);

  const change = async (
    item: DueItem,
    waitingText: string,
    act: (module: OutboxModule, clients: ApiClients) => Promise<import('./lightOutbox').LightChange>,
  ) => {
    if (!clients) return;
    setBusy(item.key);
    try {
      const module = outbox ?? (await import('./lightOutbox'));
      const result = await act(module, clients);
      if (result.queued) {
        setWaiting((before) => new Map(before).set(item.key, `${waitingText} – wartet`));
        setUndo({ message: 'Offline gespeichert: die Änderung wird gesendet, sobald Verbindung besteht.' });
      } else setUndo({ message: result.message, run: result.undo });
    } catch (error) {
      setUndo({ message: error instanceof Error ? error.message : 'Das hat nicht geklappt.' });
    } finally {
      setBusy(null);
      reloadTodos();
    }
  };
  const actions: LightTodoActions = {
    busy,
    waiting: new Map([...queued, ...waiting]),
    markDone: (item) => void change(item, 'Erledigt', (module, api) => module.markDone(accountId, api, item)),
    postponeBy: (item, days) => {
      const today = todos.data?.today ?? item.dueDate;
      const day = addCompanyDays(item.dueDate < today ? today : item.dueDate, days);
      void change(item, `Verschoben auf ${germanDay(day)}`, (module, api) =>
        module.moveTo(accountId, api, item, day, `Verschoben auf ${germanDay(day)}.`),
      );
    },
    chooseDay: onHandOver,
  };
  // The full app takes over at Mein Tag and does what was tapped; before the sign-in is confirmed the tap is kept.
  const handOver = (early: NonNullable<typeof earlyTap>, state: HandedOverTap | MyDayHandOverState) => {
    if (!clients) {
      earlyTap = early;
      return;
    }
    void navigate('/crm/dashboard', { replace: true, state });
    onHandOver();
  };
  // A tap on the bar's menu, search, layout or profile: the full app repeats it on its button.
  const tapInFullApp = (button: string) => handOver({ bar: button }, { tap: button });
  // The capture form needs the full app (react-admin, MUI): it opens it at once.
  const handOverCapture = (target: BesuchTarget | 'neu') =>
    handOver({ capture: target }, { besuchErfassen: target });
  const capture = (target: BesuchTarget | 'neu') => {
    setOpening(true);
    handOverCapture(target);
  };
  const repeatEarlyTap = clients && earlyTap;
  useEffect(() => {
    if (!repeatEarlyTap) return;
    earlyTap = null;
    if ('capture' in repeatEarlyTap) handOverCapture(repeatEarlyTap.capture);
    else tapInFullApp(repeatEarlyTap.bar);
    // Once, when the page that can act replaces the one drawn before the sign-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [repeatEarlyTap]);
  const recent = accountId ? recentlyOpened(accountId).slice(0, RECENT_SHOWN) : [];
  // Before the first answer the device's own company day (the same but for a wrong clock): its line stands from
  // the start, so the answers do not push the sections below it down.
  const today = appointments.data?.today ?? todos.data?.today ?? companyToday(zone);
  // The sections appear from the top: the Todos wait for the Termine and the line about stagnating Vorgänge above
  // them, and what was opened lately (read from the device at once) for the Todos, so that a later answer never
  // pushes down a list the person may be about to tap (Lighthouse measured a layout shift of 0.77 when the Todos
  // came first, or with the Termine while the section below them already stood).
  const termineShown = appointments.data !== undefined || appointments.error !== undefined;
  const todosShown = termineShown && (todos.data !== undefined || todos.error !== undefined);

  return (
    <div className="mdl" style={style} data-dark={dark || undefined}>
      <LightTopBar
        ui={ui}
        outboxChip={outbox ? <OutboxChip outbox={outbox} onDecide={onHandOver} /> : <OfflineChip />}
        onTap={tapInFullApp}
      />
      <div className="mdl-bar-space" />
      <main className="mdl-main" id="main-content">
        <KeptNote zone={zone} />
        <h1>Mein Tag</h1>
        <p className="mdl-muted">
          {WEEKDAY.format(new Date(`${today}T12:00:00Z`))}, {germanDay(today)}
        </p>
        <LightStagnantLine count={appointments.data?.stagnant} />

        <LightSection title="Termine heute" call={appointments}>
          {(day) => (
            <LightAppointments items={day.items} meetings={day.meetings} zone={zone} onCapture={capture} />
          )}
        </LightSection>

        <LightSection title="Todos" call={termineShown ? todos : {}}>
          {(due) => (
            <>
              <LightTodos
                items={due.items}
                counts={due.buckets}
                perBucket={TODOS_PER_BUCKET}
                actions={actions}
              />
              <p className="mdl-small" style={{ marginTop: 8 }}>
                <Link to="/crm/todos">{allTodosLinkText(due.total, due.urgent)}</Link>
              </p>
            </>
          )}
        </LightSection>

        {notifications && clients && <notifications.LightNotifications clients={clients} zone={zone} />}

        {todosShown && <LightRecent recent={recent} />}
      </main>

      {undo && (
        <LightSnackbar
          message={undo.message}
          onUndo={
            undo.run &&
            (() => {
              setUndo(null);
              void undo.run?.().finally(reloadTodos);
            })
          }
        />
      )}
      <UpdatePrompt />
      <LightCaptureBar opening={opening} onCapture={() => capture('neu')} />
    </div>
  );
}
