import type { FastifyPluginAsync } from 'fastify';
import type { DelegatedTokens } from './delegatedTokens';

/** The delegated permissions the CRM asks each person for, and nothing else (docs/entra-setup.md says why). */
export const M365_SCOPES = ['Calendars.ReadWrite', 'Mail.Send'] as const;

/** What the Microsoft 365 area is built from (AppOptions.microsoft365); the area is off without it. */
export interface Microsoft365Options {
  /** Graph's root (https://graph.microsoft.com; the stand-in's in development and tests). */
  graphBaseUrl: string;
  /** Entra's token endpoint for the API's app registration (on-behalf-of, refresh, the consent page). */
  tokens: DelegatedTokens;
  /** 32 bytes (M365_TOKEN_KEY): refresh and access tokens are sealed with it at rest. */
  tokenKey: Buffer;
  /** How often each connected calendar's delta runs (M365_DELTA_MINUTES, default 5 minutes). */
  deltaIntervalMs: number;
  /** How often an idle instance looks for Termine to write to Outlook (default 2 s). */
  pushPollMs?: number;
  /** How often a delta run looks for calendars falling due (default 5 s). */
  deltaPollMs?: number;
  /** Graph calls in flight per mailbox at most (Graph allows 4). */
  mailboxConcurrency?: number;
  /**
   * The https address Graph can post change notifications to (PUBLIC_URL when it is https); without it the
   * delta runs alone keep the CRM in step.
   */
  notificationBaseUrl?: string;
  /** Development only: the stand-in for Entra and Graph, served by this app under `standInPrefix`. */
  standIn?: { plugin: FastifyPluginAsync; prefix: string };
  /** How long a delta round's window reaches back and ahead, in days. */
  windowDays?: { back: number; ahead: number };
}
