import type { FastifyInstance } from 'fastify';
import { registerStandInBatchRoute } from './standInBatchRoute';
import { registerStandInDeltaRoute } from './standInDeltaRoute';
import { registerStandInEventRoutes, type NotifyChange } from './standInEventRoutes';
import { registerStandInGraphGuard } from './standInGraphGuard';
import { registerStandInSendMailRoute } from './standInSendMailRoute';
import type { StandInState } from './standInState';
import { registerStandInSubscriptionRoutes } from './standInSubscriptionRoutes';

/**
 * Microsoft Graph v1.0 as far as the CRM calls it, in the documented shapes: the signed-in person (`/me`), their
 * default calendar, events (create, read, update, delete, extended properties, filter by one), the per-calendar
 * calendarView delta (pages, nextLink, deltaLink, `@removed`), `sendMail` (JSON or MIME), subscriptions with their
 * validation handshake, `$batch`, and the failures: 401 for expired or unknown tokens, 429/503 with Retry-After,
 * 429 for a fifth concurrent request of one mailbox, the per-mailbox send limit.
 */
export function registerStandInGraphRoutes(app: FastifyInstance, state: StandInState, notify: NotifyChange) {
  registerStandInGraphGuard(app, state);
  registerStandInEventRoutes(app, state, notify);
  registerStandInDeltaRoute(app, state);
  registerStandInSendMailRoute(app);
  registerStandInSubscriptionRoutes(app, state);
  registerStandInBatchRoute(app);
}
