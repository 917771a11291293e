import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Provider from 'oidc-provider';
import type { DemoUser } from './demoUsers';
import { LOGOUT_SCRIPT, LOGOUT_SCRIPT_PATH, loginPage } from './pages';

const MOUNT = '/oidc';

/** Serves the development identity provider under /oidc on the app's own origin. */
async function devIdp(app: FastifyInstance, options: { provider: Provider; users: readonly DemoUser[] }) {
  const { provider, users } = options;
  const callback = provider.callback();

  // The provider reads its own request bodies: hand it the raw request before Fastify parses it.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '';
    if (!url.startsWith(`${MOUNT}/`) || url.startsWith(`${MOUNT}/interaction/`)) return done();
    reply.hijack();
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    raw.originalUrl = url;
    raw.url = url.slice(MOUNT.length) || '/';
    void callback(raw, reply.raw);
  });

  app.get(LOGOUT_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(LOGOUT_SCRIPT),
  );

  app.register(async (interactions) => {
    interactions.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    interactions.get<{ Params: { uid: string } }>(`${MOUNT}/interaction/:uid`, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.prompt.name === 'login') return reply.type('text/html').send(loginPage(details.uid, users));
      // Consent for our own app is given on the user's behalf, as Entra does after admin consent.
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({
            accountId: details.session?.accountId,
            clientId: String(details.params.client_id),
          });
      if (!grant) throw new Error('Grant nicht gefunden');
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant.save();
      const target = await provider.interactionResult(
        request.raw,
        reply.raw,
        { consent: { grantId } },
        {
          mergeWithLastSubmission: true,
        },
      );
      return reply.redirect(target, 303);
    });

    interactions.post<{ Params: { uid: string }; Body: { username?: string } }>(
      `${MOUNT}/interaction/:uid/login`,
      async (request, reply) => {
        await provider.interactionDetails(request.raw, reply.raw);
        const user = users.find((u) => u.username === request.body?.username);
        if (!user) return reply.code(400).type('text/html').send('Unbekannter Demo-Benutzer.');
        const target = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: user.oid } },
          {
            mergeWithLastSubmission: false,
          },
        );
        return reply.redirect(target, 303);
      },
    );
  });
}

/** Not encapsulated: the /oidc hook must see requests that match no Fastify route. */
export const devIdpPlugin = fp(devIdp);
