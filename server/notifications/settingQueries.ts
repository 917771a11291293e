import type {
  NotificationSettings,
  SavedNotificationSettings,
} from '../../src/resources/notifications/notifications.endpoints';
import type { NotificationKind } from '../../src/resources/notifications/notificationTypes';
import type { Database } from '../platform/db/database';

/** The person's notification settings, the defaults (everything, no digest) when never saved. */
export async function settingsOf(db: Database, userId: number): Promise<SavedNotificationSettings> {
  const row = await db
    .selectFrom('app_user')
    .leftJoin('notification_setting', 'notification_setting.user_id', 'app_user.id')
    .select(['app_user.email', 'notification_setting.muted_kinds', 'notification_setting.daily_digest'])
    .where('app_user.id', '=', userId)
    .executeTakeFirst();
  return {
    mutedKinds: (row?.muted_kinds ?? []) as NotificationKind[],
    dailyDigest: row?.daily_digest ?? false,
    digestAddress: row?.email || null,
  };
}

/**
 * Keeps the person's settings as given (the whole state, so the same request twice changes nothing more). The
 * digest's bookkeeping (which day, which notifications it covered) stays: switching it off and on again the same
 * day sends no second mail.
 */
export async function saveSettings(db: Database, userId: number, settings: NotificationSettings) {
  const values = { muted_kinds: settings.mutedKinds, daily_digest: settings.dailyDigest };
  await db
    .insertInto('notification_setting')
    .values({ user_id: userId, ...values })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({ ...values, version: eb('notification_setting.version', '+', 1) })),
    )
    .execute();
}
