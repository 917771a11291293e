import { TIMED_ACTIVITY_TYPES } from '../../src/resources/activities/activityTypes';
import type { Database } from '../platform/db/database';
import type { GraphClients } from './graphClient';
import type { MailboxTokens } from './mailboxTokens';
import type { Microsoft365Options } from './microsoft365Options';

/** What the area's routes and jobs share on one instance (nothing another instance would need). */
export interface Microsoft365Context {
  db: Database;
  options: Microsoft365Options;
  tokens: MailboxTokens;
  graph: GraphClients;
  publicUrl: string;
  timeZone: string;
  /** Starts the write path now (a Termin was queued). */
  kickPush(): void;
  /** Starts the delta runs now (a notification arrived, a connection was made). */
  kickDelta(): void;
}

/** The kinds of activity that are Termine (they have a time of day) go to Outlook; the trigger's list is the same. */
export const TERMIN_TYPES: readonly string[] = [...TIMED_ACTIVITY_TYPES];
