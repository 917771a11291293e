import type { FastifyInstance, FastifyRequest } from 'fastify';
import { companyToday } from '../../src/config/companyTime';
import { unsubscribe } from '../../src/resources/consent/consent.endpoints';
import type { Database } from '../platform/db/database';
import { notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { consentNow, recordConsentChange } from './consentRecords';
import { findUnsubscribeToken, markUsed } from './unsubscribeLinks';

// One text for every token nobody issued (cut off, mistyped, guessed): friendly, and telling a guesser nothing.
const unknownLink = () =>
  notFound(
    'Dieser Abmeldelink ist uns nicht bekannt. Bitte öffnen Sie den Link aus der E-Mail noch einmal vollständig, ' +
      'oder antworten Sie einfach auf die E-Mail: Wir tragen Sie dann aus.',
  );

/** The customer withdrawing: no signed-in person; the Änderungsverlauf and the record name the way. */
const ACTORS = {
  abmeldelink: { oid: null, name: 'Kunde (Abmeldelink)' },
  'ein-klick': { oid: null, name: 'Kunde (Abmelden im E-Mail-Programm)' },
} as const;

async function companyName(db: Database) {
  const settings = await db
    .selectFrom('global_settings')
    .select('company_name')
    .where('id', '=', 1)
    .executeTakeFirst();
  return settings?.company_name || null;
}

/**
 * A mail program's one-click unsubscribe (RFC 8058) POSTs the form field `List-Unsubscribe=One-Click`, as
 * multipart/form-data or urlencoded; the unsubscribe page POSTs JSON.
 */
const fromMailProgram = (request: FastifyRequest) =>
  !/^application\/json\b/i.test(request.headers['content-type'] ?? '');

/**
 * The unsubscribe link's call (no sign-in): the withdrawal, from the page (opening it is the one click) or from
 * the mail program's one-click unsubscribe. An encapsulated plugin: the form bodies of RFC 8058 are read here
 * only. Counted per address as every public call (the 'anonymous' limit, 300 a minute): a mail provider's
 * servers send the one-click POSTs of many recipients from few addresses.
 */
export async function publicUnsubscribeRoutes(app: FastifyInstance) {
  const { db, timeZone } = app;
  // The body says nothing the address does not (List-Unsubscribe=One-Click): read and set aside, a few bytes.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, undefined),
    );
  }

  endpointRoute(app, unsubscribe, async (request) => {
    const way = fromMailProgram(request) ? 'ein-klick' : 'abmeldelink';
    const withdrawn = await db.transaction().execute(async (trx) => {
      const found = await findUnsubscribeToken(trx, request.params.token);
      if (!found) throw unknownLink();
      // Locked: a click on the page and the mail program's POST at once record one withdrawal.
      const granted = await consentNow(trx, found.customerId, true);
      if (granted) {
        await recordConsentChange(trx, ACTORS[way], {
          customerId: found.customerId,
          granted: false,
          source: way,
          givenOn: companyToday(timeZone),
          note: null,
          sentMailId: found.sentMailId,
        });
      }
      await markUsed(trx, request.params.token);
      return Boolean(granted);
    });
    return { company: await companyName(db), withdrawn };
  });
}
