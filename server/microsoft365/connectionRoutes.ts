import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { User } from '@microsoft/microsoft-graph-types';
import {
  connectMicrosoft365,
  consentCallback,
  disconnectMicrosoft365,
  getConnectionStatus,
  getTeamConnections,
  putMicrosoft365Settings,
} from '../../src/resources/microsoft365/microsoft365.endpoints';
import { callerUserId, ledBranchIds } from '../platform/auth/viewerScope';
import type { Database } from '../platform/db/database';
import { ApiError, badRequest, forbidden } from '../platform/http/apiError';
import { endpointRoute, urlOf } from '../platform/http/endpointRoute';
import { teamConnections, waitingCounts } from './connectionQueries';
import { ConsentRequired } from './delegatedTokens';
import { sealedTokens } from './mailboxTokens';
import { TERMIN_TYPES, type Microsoft365Context } from './microsoft365Context';
import { M365_SCOPES } from './microsoft365Options';
import { dropSubscription } from './subscriptions';
import { queueTermine } from './termineQueries';

/** Where Entra sends the person back after the consent page (registered as a Web redirect URI of the API). */
export const CONSENT_CALLBACK = urlOf(consentCallback);
/** The page the person returns to. */
const CONNECTION_PAGE = '/crm/microsoft-365';

type State = 'nicht_verbunden' | 'verbunden' | 'erneuern';
const stateOf = (row: { status: string } | undefined): State =>
  row ? (row.status === 'verbunden' ? 'verbunden' : 'erneuern') : 'nicht_verbunden';

const notSetUp = () => badRequest('Microsoft 365 ist in dieser Installation nicht eingerichtet.');

async function ownUserId(db: Database, caller: Parameters<typeof callerUserId>[1]) {
  const userId = await callerUserId(db, caller);
  if (userId === null) throw forbidden('Sie sind im CRM noch nicht als Benutzer angelegt.');
  return userId;
}

/**
 * The connection per person: its status, connecting (on-behalf-of; the consent page when the person has not
 * consented yet), the consent page's way back, the opt-in for customer meetings, "Trennen" and the lead's view.
 */
export function registerConnectionRoutes(app: FastifyInstance, context: Microsoft365Context | null) {
  const { db } = app;

  endpointRoute(app, getConnectionStatus, async (request) => {
    const userId = await callerUserId(db, request.caller!);
    const row =
      userId === null
        ? undefined
        : await db.selectFrom('m365_connection').selectAll().where('user_id', '=', userId).executeTakeFirst();
    const counts = await waitingCounts(db, userId);
    return {
      available: context !== null,
      state: stateOf(row),
      mailbox: row?.mailbox ?? null,
      connectedAt: row?.connected_at ?? null,
      lastSyncAt: row?.last_sync_at ?? null,
      lastError: row?.last_error ?? null,
      lastErrorAt: row?.last_error_at ?? null,
      showCustomerMeetings: row?.show_customer_meetings ?? false,
      pendingTermine: row ? (counts?.pending ?? 0) : 0,
      openConflicts: counts?.conflicts ?? 0,
    };
  });

  endpointRoute(app, connectMicrosoft365, async (request) => {
    if (!context) throw notSetUp();
    const caller = request.caller!;
    const userId = await ownUserId(db, caller);
    const current = await db
      .selectFrom('m365_connection')
      .select('status')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    let tokens;
    try {
      tokens = await context.options.tokens.onBehalfOf(request.credentials!.raw, caller.tid, M365_SCOPES);
    } catch (error) {
      if (error instanceof ConsentRequired) {
        return {
          state: stateOf(current),
          consentUrl: context.options.tokens.consentUrl({
            tenantId: caller.tid,
            loginHint: caller.username,
            redirectUri: `${context.publicUrl.replace(/\/$/, '')}${CONSENT_CALLBACK}`,
            state: randomBytes(16).toString('base64url'),
            scopes: M365_SCOPES,
          }),
        };
      }
      request.log.warn({ err: error }, 'Microsoft 365: Verbinden fehlgeschlagen');
      throw new ApiError(
        502,
        'Microsoft 365 ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
      );
    }
    const graph = context.graph.withToken(`user:${userId}`, tokens.accessToken);
    const me = (await graph.api('/me').select(['mail', 'userPrincipalName']).get()) as User;
    const calendar = (await graph.api('/me/calendar').select('id').get()) as { id: string };
    const values = {
      ...sealedTokens(context.options.tokenKey, caller.oid, tokens),
      oid: caller.oid,
      tenant_id: caller.tid,
      status: 'verbunden',
      scopes: tokens.scopes,
      mailbox: me.mail ?? me.userPrincipalName ?? null,
      calendar_id: calendar.id,
      connected_at: new Date(),
      last_error: null,
      last_error_at: null,
      delta_link: null,
      sync_due_at: new Date(),
      sync_lease_until: null,
    };
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('m365_connection')
        .values({ user_id: userId, ...values })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet((eb) => ({ ...values, version: eb('m365_connection.version', '+', 1) })),
        )
        .execute();
      await queueTermine(trx, userId, TERMIN_TYPES);
    });
    context.kickPush();
    context.kickDelta();
    return { state: 'verbunden' as const, consentUrl: null };
  });

  // Entra's way back from the consent page: no token arrives here (the browser navigates), so it only leads the
  // person back to the page, which connects again with their sign-in.
  endpointRoute(app, consentCallback, async (request, reply) => {
    const outcome = request.query.error ? 'abgelehnt' : 'erteilt';
    return reply.redirect(`${CONNECTION_PAGE}?zustimmung=${outcome}`, 302);
  });

  endpointRoute(app, disconnectMicrosoft365, async (request) => {
    const userId = await ownUserId(db, request.caller!);
    if (context) await dropSubscription(context, userId).catch(() => undefined);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('m365_connection').where('user_id', '=', userId).execute();
      // The links stay (a new connection updates the same Outlook events instead of making copies); nothing waits.
      await trx.updateTable('m365_event').set({ want: 'ok' }).where('user_id', '=', userId).execute();
      await trx.deleteFrom('m365_meeting').where('user_id', '=', userId).execute();
    });
    return { state: 'nicht_verbunden' as const };
  });

  endpointRoute(app, putMicrosoft365Settings, async (request) => {
    const userId = await ownUserId(db, request.caller!);
    const { showCustomerMeetings } = request.body;
    const updated = await db
      .updateTable('m365_connection')
      .set((eb) => ({
        show_customer_meetings: showCustomerMeetings,
        // A new round reads every event again, so the customer meetings come in at once (or go).
        delta_link: null,
        sync_due_at: new Date(),
        version: eb('version', '+', 1),
      }))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!updated.numUpdatedRows) throw badRequest('Bitte verbinden Sie zuerst Microsoft 365.');
    if (!showCustomerMeetings) await db.deleteFrom('m365_meeting').where('user_id', '=', userId).execute();
    context?.kickDelta();
    return { showCustomerMeetings };
  });

  endpointRoute(app, getTeamConnections, async (request) => {
    const branchIds = await ledBranchIds(db, request.caller!);
    const rows = await teamConnections(db, branchIds);
    return { rows };
  });
}
