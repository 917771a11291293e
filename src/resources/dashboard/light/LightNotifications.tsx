import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { callEndpoint } from '../../../api/callEndpoint';
import type { ResultOf } from '../../../api/endpoint';
import { formatCompanyDateTime } from '../../../config/companyTime';
import type { ApiClients } from '../../../dataProvider/httpClient';
import { startNotificationLive } from '../../kit/notificationLive';
import {
  listNotifications,
  markNotificationsRead,
  NOTIFICATIONS_CHANGED,
} from '../../notifications/notifications.endpoints';
import type { Notification } from '../../notifications/notificationTypes';

/** How many unread notifications Mein Tag lists (the newest); the heading counts them all. */
const SHOWN = 5;

type Page = ResultOf<typeof listNotifications>;

/**
 * The unread notifications on a phone's Mein Tag (the light page), newest first, live: a tap marks one read and
 * opens its record (the full app takes over there); "Alle gelesen" marks all. Loaded only after the day is drawn,
 * so the page's first drawing carries none of it.
 */
export function LightNotifications({ clients, zone }: { clients: ApiClients; zone: string }) {
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState<{ message: string; refused: boolean } | null>(null);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    let current = true;
    callEndpoint({ call: clients.api }, listNotifications, { query: { unread: true, limit: SHOWN } }).then(
      (answer) => {
        if (!current) return;
        setPage(answer);
        setError(null);
      },
      (failure: unknown) => {
        if (!current) return;
        const status = (failure as { status?: number }).status;
        setError({
          message: failure instanceof Error ? failure.message : 'Das hat nicht geklappt.',
          refused: status === 401 || status === 403,
        });
      },
    );
    return () => {
      current = false;
    };
  }, [clients, round]);
  useEffect(() => startNotificationLive(clients.stream, reload), [clients, reload]);

  const markRead = async (ids: number[] | null) => {
    try {
      await callEndpoint({ call: clients.api }, markNotificationsRead, { body: { ids } });
      window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED));
    } finally {
      reload();
    }
  };

  // A person whose groups get no notifications sees no section at all.
  if (error?.refused) return null;
  const unread = page?.unread ?? 0;
  return (
    <section className="mdl-section" aria-label="Benachrichtigungen">
      <h2>{unread > 0 ? `Benachrichtigungen (${unread} ungelesen)` : 'Benachrichtigungen'}</h2>
      {!page && !error && <div className="mdl-progress" role="progressbar" aria-label="Wird geladen" />}
      {error && !page && <p className="mdl-muted mdl-small">{error.message}</p>}
      {page && page.rows.length === 0 && <p className="mdl-muted">Keine ungelesenen Benachrichtigungen.</p>}
      {page && page.rows.length > 0 && (
        <>
          <ul className="mdl-paper mdl-list mdl-recent" style={{ gap: 0 }}>
            {page.rows.map((item) => (
              <NotificationItem
                key={item.id}
                item={item}
                zone={zone}
                onOpen={() => void markRead([item.id])}
              />
            ))}
          </ul>
          <p className="mdl-small" style={{ marginTop: 8 }}>
            <button type="button" className="mdl-button" onClick={() => void markRead(null)}>
              Alle gelesen
            </button>
            {unread > page.rows.length && (
              <span className="mdl-muted"> und {unread - page.rows.length} ältere ungelesen</span>
            )}
          </p>
        </>
      )}
    </section>
  );
}

function NotificationItem({ item, zone, onOpen }: { item: Notification; zone: string; onOpen: () => void }) {
  const detail = [item.body, formatCompanyDateTime(item.createdAt, zone)].filter(Boolean).join(' · ');
  return (
    <li>
      {item.link ? (
        <Link to={item.link} onClick={onOpen} className="mdl-strong">
          {item.title}
        </Link>
      ) : (
        <button
          type="button"
          className="mdl-button"
          onClick={onOpen}
          aria-label={`${item.title}: als gelesen markieren`}
        >
          {item.title}
        </button>
      )}
      <p className="mdl-small mdl-muted">{detail}</p>
    </li>
  );
}
