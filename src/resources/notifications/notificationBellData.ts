import type { QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/callEndpoint';
import { endpointKey } from '../../api/endpoint';
import type { CrmDataProvider } from '../../dataProvider/entityDataProvider';
import { startNotificationLive } from '../kit/notificationLive';
import {
  countUnreadNotifications,
  listNotifications,
  NOTIFICATIONS_CHANGED,
} from './notifications.endpoints';

/**
 * The bell's data, loaded after the page is drawn: the unread count now and after every new notification
 * (live stream), and the list's cache marked stale then. Answers a function that stops it.
 */
export function connectBell(
  dataProvider: CrmDataProvider,
  queryClient: QueryClient,
  setUnread: (unread: number) => void,
): () => void {
  let stopped = false;
  const count = async () => {
    try {
      const { unread } = await callEndpoint(dataProvider, countUnreadNotifications, {});
      if (!stopped) setUnread(unread);
    } catch {
      // No count (offline, signed out): the bell stays as it was.
    }
  };
  const changed = () => {
    void count();
    void queryClient.invalidateQueries({ queryKey: endpointKey(listNotifications) });
  };
  void count();
  const stop = dataProvider.stream ? startNotificationLive(dataProvider.stream, changed) : () => {};
  // The list (in the bell or on Mein Tag) marked some read.
  window.addEventListener(NOTIFICATIONS_CHANGED, changed);
  return () => {
    stopped = true;
    stop();
    window.removeEventListener(NOTIFICATIONS_CHANGED, changed);
  };
}
