import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StandInState } from './standInState';

/** The confidential client the stand-in accepts (the API's app registration and its secret). */
export interface StandInClient {
  clientId: string;
  clientSecret: string;
}

const GRAPH = 'https://graph.microsoft.com/';
/** Scopes as Entra grants them: Graph's short names; offline_access is no permission of its own. */
const graphScopes = (scope: string) =>
  scope
    .split(/\s+/)
    .filter((s) => s && !['offline_access', 'openid', 'profile', 'email'].includes(s))
    .map((s) => (s.startsWith(GRAPH) ? s.slice(GRAPH.length) : s));

const claimsOf = (jwt: string): Record<string, unknown> => {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
};

/** Entra's error answer of the token endpoint (AADSTS code in the description and in error_codes). */
const tokenError = (reply: FastifyReply, error: string, code: number, text: string, suberror?: string) =>
  reply.code(400).send({
    error,
    error_description: `AADSTS${code}: ${text}`,
    error_codes: [code],
    timestamp: new Date().toISOString(),
    ...(suberror ? { suberror } : {}),
  });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Entra's v2 token endpoint as the CRM uses it (on-behalf-of and refresh_token grants, with a client
 * secret), and the authorize endpoint as far as incremental consent goes: a consent page, then back to the
 * redirect URI with a code.
 */
export function registerStandInTokenRoutes(app: FastifyInstance, state: StandInState, client: StandInClient) {
  const codes = new Map<string, { oid: string; scopes: string[] }>();

  app.post<{ Params: { tenant: string }; Body: Record<string, string> }>(
    '/:tenant/oauth2/v2.0/token',
    async (request, reply) => {
      const form = request.body ?? {};
      const grantType = form.grant_type ?? '';
      const scopes = graphScopes(form.scope ?? '');
      if (form.client_id !== client.clientId) {
        return tokenError(reply, 'unauthorized_client', 700016, 'Application not found in the directory.');
      }
      if (form.client_secret !== client.clientSecret) {
        return reply.code(401).send({
          error: 'invalid_client',
          error_description: 'AADSTS7000215: Invalid client secret provided.',
          error_codes: [7000215],
        });
      }
      if (grantType === 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
        const claims = claimsOf(form.assertion ?? '');
        const oid = typeof claims.oid === 'string' ? claims.oid : undefined;
        state.tokenRequests.push({ grantType: 'obo', oid, scope: form.scope ?? '' });
        if (!oid || form.requested_token_use !== 'on_behalf_of') {
          return tokenError(reply, 'invalid_grant', 50027, 'JWT token is invalid or malformed.');
        }
        const mail = String(claims.preferred_username ?? claims.email ?? `${oid}@example.com`);
        const box = state.mailbox(oid, mail, String(claims.name ?? mail));
        const missing = scopes.filter((s) => !box.consented.has(s));
        if (missing.length) {
          return tokenError(
            reply,
            'invalid_grant',
            65001,
            `The user or administrator has not consented to use the application. Send an interactive authorization request for this user and resource. Missing: ${missing.join(' ')}`,
            'consent_required',
          );
        }
        return tokensFor(oid, scopes);
      }
      if (grantType === 'refresh_token') {
        const issued = state.takeRefreshToken(form.refresh_token ?? '');
        state.tokenRequests.push({ grantType: 'refresh_token', oid: issued?.oid, scope: form.scope ?? '' });
        if (!issued) {
          return tokenError(
            reply,
            'invalid_grant',
            50173,
            'The provided grant has expired due to it being revoked, a fresh auth token is needed.',
          );
        }
        const box = state.mailbox(issued.oid);
        if (scopes.some((s) => !box.consented.has(s))) {
          return tokenError(reply, 'invalid_grant', 65001, 'The user has not consented.', 'consent_required');
        }
        return tokensFor(issued.oid, scopes);
      }
      if (grantType === 'authorization_code') {
        const granted = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        state.tokenRequests.push({ grantType, oid: granted?.oid, scope: form.scope ?? '' });
        if (!granted)
          return tokenError(reply, 'invalid_grant', 70008, 'The provided authorization code is expired.');
        return tokensFor(granted.oid, granted.scopes);
      }
      return tokenError(
        reply,
        'unsupported_grant_type',
        70003,
        `The app requested an unsupported grant type '${grantType}'.`,
      );
    },
  );

  function tokensFor(oid: string, scopes: string[]) {
    const tokens = state.issueTokens(oid, scopes);
    return {
      token_type: 'Bearer',
      scope: scopes.map((s) => `${GRAPH}${s}`).join(' '),
      expires_in: tokens.expiresIn,
      ext_expires_in: tokens.expiresIn,
      access_token: tokens.access,
      refresh_token: tokens.refresh,
    };
  }

  app.get<{ Params: { tenant: string }; Querystring: Record<string, string> }>(
    '/:tenant/oauth2/v2.0/authorize',
    async (request, reply) => {
      const query = request.query;
      const box = state.mailboxByMail(query.login_hint ?? '');
      if (query.client_id !== client.clientId)
        return reply.code(400).type('text/html').send('Unbekannte App');
      if (!box) return reply.code(400).type('text/html').send('Unbekanntes Konto');
      const scopes = graphScopes(query.scope ?? '');
      const hidden = Object.entries(query)
        .map(
          ([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
        )
        .join('');
      return reply.type('text/html').send(`<!doctype html><html lang="de"><meta charset="utf-8">
<title>Berechtigungen angefordert</title>
<body style="font-family:sans-serif;padding:2rem;max-width:32rem">
<h1>Berechtigungen angefordert</h1>
<p>${escapeHtml(box.mail)}</p>
<p>Fenster CRM (Testumgebung, nicht Microsoft) möchte:</p>
<ul>${scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
<form method="post" action="authorize">${hidden}
<button name="decision" value="accept">Akzeptieren</button>
<button name="decision" value="cancel">Abbrechen</button>
</form></body></html>`);
    },
  );

  app.post<{ Params: { tenant: string }; Body: Record<string, string> }>(
    '/:tenant/oauth2/v2.0/authorize',
    async (request, reply) => {
      const form = request.body ?? {};
      const box = state.mailboxByMail(form.login_hint ?? '');
      const back = new URL(form.redirect_uri ?? '');
      back.searchParams.set('state', form.state ?? '');
      if (!box || form.decision !== 'accept') {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set(
          'error_description',
          'AADSTS65004: User declined to consent to access the app.',
        );
        return reply.redirect(back.toString(), 302);
      }
      const scopes = graphScopes(form.scope ?? '');
      for (const scope of scopes) box.consented.add(scope);
      const code = randomBytes(12).toString('hex');
      codes.set(code, { oid: box.oid, scopes });
      back.searchParams.set('code', code);
      return reply.redirect(back.toString(), 302);
    },
  );
}
