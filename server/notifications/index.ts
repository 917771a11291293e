import {
  countUnreadNotifications,
  getNotificationEvents,
  getNotificationSettings,
  listNotifications,
  markNotificationsRead,
  putNotificationSettings,
} from '../../src/resources/notifications/notifications.endpoints';
import { defineServerArea } from '../platform/areas/defineServerArea';
import { forbidden } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { startNotificationHub } from './notificationHub';
import { dailyDigestJob } from './dailyDigestJob';
import { markRead, notificationPage, unreadCount, userIdOf } from './notificationQueries';
import { saveSettings, settingsOf } from './settingQueries';

export { notify, type NewNotification } from './notifyQueries';

/**
 * Benachrichtigungen: the bell in the top bar and on Mein Tag (unread count, list, mark read), live to open
 * pages
 *
 * Any area writes them through `notify` in its own transaction; every instance LISTENs and passes them on. Per
 * person: the kinds switched off and the daily e-mail digest (server/notifications/README.md).
 */
export default defineServerArea({
  async plugin(app) {
    const { db } = app;
    endpointRoute(app, listNotifications, async (request) => {
      const userId = await userIdOf(db, request.caller!.oid);
      const { offset = 0, limit = 20, unread = false } = request.query;
      return {
        rows: await notificationPage(db, userId, offset, limit, unread),
        unread: await unreadCount(db, userId),
      };
    });
    endpointRoute(app, countUnreadNotifications, async (request) => ({
      unread: await unreadCount(db, await userIdOf(db, request.caller!.oid)),
    }));
    endpointRoute(app, markNotificationsRead, async (request) => {
      const userId = await userIdOf(db, request.caller!.oid);
      await markRead(db, userId, request.body.ids);
      return { unread: await unreadCount(db, userId) };
    });
    const ownUserId = async (oid: string) => {
      const userId = await userIdOf(db, oid);
      if (userId === null) throw forbidden('Sie sind im CRM noch nicht als Benutzer angelegt.');
      return userId;
    };
    endpointRoute(app, getNotificationSettings, async (request) =>
      settingsOf(db, await ownUserId(request.caller!.oid)),
    );
    endpointRoute(app, putNotificationSettings, async (request) => {
      const userId = await ownUserId(request.caller!.oid);
      await saveSettings(db, userId, request.body);
      return settingsOf(db, userId);
    });
    app.jobs.register(dailyDigestJob);
    const hub = startNotificationHub(db, (message) => app.log.info(message));
    app.addHook('onClose', () => hub.close());
    endpointRoute(app, getNotificationEvents, async (request, reply) => {
      const userId = await userIdOf(db, request.caller!.oid);
      // A person without a CRM user yet gets no notifications: the stream stays quiet.
      hub.open(reply, userId ?? 0);
      return reply;
    });
  },
});
