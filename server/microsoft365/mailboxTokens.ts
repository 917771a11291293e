import { GraphError } from '@microsoft/microsoft-graph-client';
import type { Database } from '../platform/db/database';
import { GrantRefused, type DelegatedTokens, type TokenSet } from './delegatedTokens';
import { M365_SCOPES } from './microsoft365Options';
import { openToken, sealToken } from './tokenSeal';

/** The person's connection no longer works (revoked, expired): they see "Verbindung erneuern". */
export class ConnectionLost extends Error {
  override name = 'ConnectionLost';
}

/** Whether `error` is a lost connection, also as the Graph client hands it on (a GraphError with its name as code). */
export const isConnectionLost = (error: unknown) =>
  error instanceof ConnectionLost || (error instanceof GraphError && error.code === 'ConnectionLost');

/** An access token is renewed this long before it runs out. */
const RENEW_BEFORE_MS = 2 * 60_000;

/** The columns a token set is stored in (sealed), for an UPDATE or INSERT of m365_connection. */
export function sealedTokens(key: Buffer, oid: string, tokens: TokenSet) {
  return {
    access_token: sealToken(key, oid, tokens.accessToken),
    refresh_token: sealToken(key, oid, tokens.refreshToken),
    access_expires_at: tokens.expiresAt,
  };
}

/** German reason for a refused grant, for the status line (Entra's own words in brackets). */
export const refusedReason = (error: Error) =>
  `Microsoft hat den Zugriff nicht mehr erlaubt (${error.message}). Bitte verbinden Sie Microsoft 365 erneut.`;

/**
 * Access tokens of connected people while they are away: the stored one while it is fresh, else a new one from
 * the sealed refresh token (Entra rotates it, so the new one is stored). Two instances renewing at once wait for
 * each other on the connection's row. A refused refresh marks the connection "erneuern" and drops its tokens.
 */
export class MailboxTokens {
  constructor(
    private readonly db: Database,
    private readonly tokens: DelegatedTokens,
    private readonly key: Buffer,
  ) {}

  /** A valid access token of `userId`; `failed` is one Graph refused (401): it is renewed even if not yet due. */
  async accessToken(userId: number, failed?: string): Promise<string> {
    const fresh = await this.storedToken(this.db, userId, failed, false);
    if (fresh) return fresh;
    const renewed = await this.db.transaction().execute(async (trx) => {
      const again = await this.storedToken(trx, userId, failed, true);
      if (again) return again;
      const row = await trx
        .selectFrom('m365_connection')
        .select(['oid', 'tenant_id', 'refresh_token'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (!row.refresh_token) throw new ConnectionLost('Keine Verbindung zu Microsoft 365.');
      let next: TokenSet;
      try {
        next = await this.tokens.refresh(
          openToken(this.key, row.oid, row.refresh_token),
          row.tenant_id,
          M365_SCOPES,
        );
      } catch (error) {
        if (!(error instanceof GrantRefused)) throw error;
        return error;
      }
      await trx
        .updateTable('m365_connection')
        .set(sealedTokens(this.key, row.oid, next))
        .where('user_id', '=', userId)
        .execute();
      return next.accessToken;
    });
    if (typeof renewed === 'string') return renewed;
    // Outside the renewal's transaction, which a thrown error would roll back.
    await this.markLost(this.db, userId, refusedReason(renewed));
    throw new ConnectionLost(refusedReason(renewed));
  }

  /** Marks the connection as needing a new consent, with the reason, and forgets its tokens. */
  async markLost(db: Database, userId: number, reason: string): Promise<void> {
    await db
      .updateTable('m365_connection')
      .set({
        status: 'erneuern',
        access_token: null,
        refresh_token: null,
        access_expires_at: null,
        last_error: reason,
        last_error_at: new Date(),
        sync_lease_until: null,
      })
      .where('user_id', '=', userId)
      .execute();
  }

  private async storedToken(db: Database, userId: number, failed: string | undefined, lock: boolean) {
    let query = db
      .selectFrom('m365_connection')
      .select(['oid', 'status', 'access_token', 'access_expires_at'])
      .where('user_id', '=', userId);
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row || row.status !== 'verbunden') {
      throw new ConnectionLost(
        row ? 'Die Verbindung zu Microsoft 365 muss erneuert werden.' : 'Keine Verbindung zu Microsoft 365.',
      );
    }
    if (!row.access_token || !row.access_expires_at) return null;
    if (new Date(row.access_expires_at).getTime() - RENEW_BEFORE_MS <= Date.now()) return null;
    const token = openToken(this.key, row.oid, row.access_token);
    return token === failed ? null : token;
  }
}
