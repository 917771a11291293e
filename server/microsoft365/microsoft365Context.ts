import type { FastifyInstance } from 'fastify';
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
  /** True once the instance closes: a job's lanes end their loop and the drain has nothing to wait for. */
  stopping(): boolean;
}

// Keyed by the instance's job library: the area's plugin runs encapsulated, its jobs get the root instance.
const contexts = new WeakMap<object, Microsoft365Context>();

/** The area's context on this instance (null when Microsoft 365 is not set up), for its jobs. */
export const contextOf = (app: FastifyInstance): Microsoft365Context | null => contexts.get(app.jobs) ?? null;

/** Keeps the context for the instance's jobs. */
export const keepContext = (app: FastifyInstance, context: Microsoft365Context): void => {
  contexts.set(app.jobs, context);
};

/** The kinds of activity that are Termine (they have a time of day) go to Outlook; the trigger's list is the same. */
export const TERMIN_TYPES: readonly string[] = [...TIMED_ACTIVITY_TYPES];
