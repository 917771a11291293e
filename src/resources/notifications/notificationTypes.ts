import Type, { type Static } from 'typebox';
import { Id, NullableInteger, NullableString, Timestamp } from '../../api/schemas';

/** The kinds of notification a person may switch off one by one. */
export const NOTIFICATION_KINDS = [
  { id: 'todo', name: 'Neue Todos aus Automatisierungen' },
  { id: 'hinweis', name: 'Hinweise von Automatisierungen' },
  { id: 'automatisierung', name: 'Meine Automatisierungen (pausiert, fehlgeschlagen)' },
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]['id'];

export const NotificationKindSchema = Type.Unsafe<NotificationKind>(
  Type.Union(NOTIFICATION_KINDS.map((kind) => Type.Literal(kind.id))),
);

export const Notification = Type.Object({
  id: Id(),
  kind: NotificationKindSchema,
  title: Type.String(),
  body: NullableString(),
  link: NullableString({ description: 'Ziel in der App (/crm/…)' }),
  vorgangId: NullableInteger(),
  customerId: NullableInteger(),
  createdAt: Timestamp(),
  read: Type.Boolean(),
});
export type Notification = Static<typeof Notification>;

/** The live stream's one event: a notification just made for the person (JSON of `Notification`). */
export const NOTIFICATION_EVENT = 'notification';
