import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableString } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import { Notification, NOTIFICATION_KINDS, NotificationKindSchema } from './notificationTypes';

// Everyone who works in the CRM gets notifications (sellers, NPS staff, administration).
const access = { groups: [GROUPS.kunde, GROUPS.nps, GROUPS.admin, GROUPS.adminVerkauf] };
const tags = ['Benachrichtigungen'];

/** The window event a page sends after it marked notifications read (the bell counts again). */
export const NOTIFICATIONS_CHANGED = 'fenster:benachrichtigungen';

export const NotificationPage = Type.Object({
  rows: Type.Array(Notification),
  unread: Type.Integer(),
});

/** The caller's notifications, newest first, with the unread count (the bell's list). */
export const listNotifications = defineEndpoint({
  method: 'GET',
  path: 'notification/list',
  access,
  tags,
  summary: 'Meine Benachrichtigungen, neueste zuerst, mit der Zahl der ungelesenen',
  query: Type.Object({
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
    unread: Type.Optional(Type.Boolean({ description: 'nur die ungelesenen' })),
  }),
  response: NotificationPage,
});

/** The bell's number: the caller's unread notifications. */
export const countUnreadNotifications = defineEndpoint({
  method: 'GET',
  path: 'notification/unread',
  access,
  tags,
  summary: 'Zahl meiner ungelesenen Benachrichtigungen',
  response: Type.Object({ unread: Type.Integer() }),
});

/** Marks the caller's notifications read: the named ones, or all (ids null). */
export const markNotificationsRead = defineEndpoint({
  method: 'POST',
  path: 'notification/read',
  access,
  tags,
  summary: 'Benachrichtigungen als gelesen markieren (die genannten oder alle)',
  body: Type.Object({ ids: Type.Union([Type.Null(), Type.Array(Id(), { maxItems: 100 })]) }),
  response: Type.Object({ unread: Type.Integer() }),
});

/**
 * New notifications live, as Server-Sent Events: `event: notification` with the new one's id; `event: reload`
 * after the server's listening connection was away (read the count again). A comment every 15 s keeps it open.
 */
export const getNotificationEvents = defineEndpoint({
  method: 'GET',
  path: 'notification/events',
  access,
  tags,
  summary: 'Benachrichtigungen live: Server-Sent Events „notification“ und „reload“',
  kind: 'stream',
});

export const NotificationSettings = Type.Object({
  mutedKinds: Type.Array(NotificationKindSchema, {
    uniqueItems: true,
    maxItems: NOTIFICATION_KINDS.length,
    description: 'die Arten, die die Person nicht bekommen möchte',
  }),
  dailyDigest: Type.Boolean({ description: 'täglich eine E-Mail mit den ungelesenen Benachrichtigungen' }),
});
export type NotificationSettings = Static<typeof NotificationSettings>;

/** The settings as kept, with the address the daily digest goes to (null: none on record, no digest). */
export const SavedNotificationSettings = Type.Object({
  ...NotificationSettings.properties,
  digestAddress: NullableString(),
});
export type SavedNotificationSettings = Static<typeof SavedNotificationSettings>;

/** The caller's own notification settings (defaults when never saved). */
export const getNotificationSettings = defineEndpoint({
  method: 'GET',
  path: 'notification/settings',
  access,
  tags,
  summary: 'Meine Benachrichtigungs-Einstellungen: abgeschaltete Arten, tägliche Zusammenfassung',
  response: SavedNotificationSettings,
});

/** Saves the caller's own settings as a whole (idempotent: the same body twice is the same state). */
export const putNotificationSettings = defineEndpoint({
  method: 'PUT',
  path: 'notification/settings',
  access,
  tags,
  summary: 'Meine Benachrichtigungs-Einstellungen speichern',
  body: NotificationSettings,
  response: SavedNotificationSettings,
});
