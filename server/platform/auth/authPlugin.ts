import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAnyGroup } from '../../../src/auth/groups';
import { forbidden, unauthorized } from '../http/apiError';
import type { Credentials } from './directory';
import type { Caller, RouteAccess } from './caller';
import { TokenRejected, type VerifyToken, type VerifiedToken } from './verifyToken';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every API route says who may call it; the server refuses to start otherwise. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The caller's token, for calls to the directory on their behalf. */
    credentials: Credentials | null;
  }
}

export interface AuthPluginOptions {
  verifyToken: VerifyToken;
  /** Names of the caller's groups (from the token in development, from the directory in production). */
  groupsOf: (token: VerifiedToken, rawToken: string) => Promise<readonly string[]>;
  /** Counts a refused token (or none) from an address; answers the 429 to send instead once over the limit. */
  refused?: (address: string) => Promise<(Error & { retryAfterSeconds: number }) | undefined>;
}

const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
};

/** Verifies the bearer token of every API call and enforces the group each route declares. */
export const authPlugin = fp<AuthPluginOptions>(async (app: FastifyInstance, options) => {
  app.decorateRequest('caller', null);
  app.decorateRequest('credentials', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!route.config?.access) {
      throw new Error(
        `Route ${route.method} ${route.url} sagt nicht, wer sie aufrufen darf (config.access).`,
      );
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;
    // A refusal counts against the address; a burst of them gets a 429 with Retry-After instead of the 401.
    const refuse = async (error: Error) => {
      const slowDown = await options.refused?.(request.ip);
      if (!slowDown) return error;
      void reply.header('retry-after', String(slowDown.retryAfterSeconds));
      return slowDown;
    };
    const token = bearerToken(request);
    if (!token) throw await refuse(unauthorized());
    let verified: VerifiedToken;
    try {
      verified = await options.verifyToken(token);
    } catch (error) {
      if (error instanceof TokenRejected) {
        request.log.info({ reason: error.message }, 'token refused');
        throw await refuse(
          unauthorized('Ihre Anmeldung ist ungültig oder abgelaufen. Bitte melden Sie sich erneut an.'),
        );
      }
      throw error;
    }
    const groups = await options.groupsOf(verified, token);
    request.caller = {
      oid: verified.oid,
      tid: verified.tid,
      name: verified.name,
      username: verified.username,
      groups,
    };
    request.credentials = { token: verified, raw: token };
    // Every later line of this request names who asked, by the directory's object id only (no name, no mail).
    request.log = request.log.child({ oid: verified.oid });
    reply.log = request.log;
    if ('groups' in access && !hasAnyGroup(groups, access.groups)) throw forbidden();
  });
});
