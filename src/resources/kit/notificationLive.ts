import { pathOf } from '../../api/endpoint';
import type { StreamOptions } from '../../dataProvider/httpClient';
import { getNotificationEvents } from '../notifications/notifications.endpoints';
import { readEventStream } from './eventStreamReader';

/**
 * Reads the person's notification stream and calls `onChange` for each new notification and after each
 * reconnect (something may have come meanwhile); answers a function that stops it. Loaded after the first page
 * is drawn (the bell, Mein Tag's light page).
 */
export function startNotificationLive(
  stream: (path: string, options: StreamOptions) => Promise<Response>,
  onChange: () => void,
): () => void {
  return readEventStream(stream, pathOf(getNotificationEvents), {
    onEvent: (message) => {
      if (message.event === 'notification' || message.event === 'reload') onChange();
    },
    onOpen: (again) => {
      if (again) onChange();
    },
  });
}
