import type { FastifyInstance } from 'fastify';
import { companyToday } from '../../src/config/companyTime';
import { getCustomerConsent, recordConsent } from '../../src/resources/consent/consent.endpoints';
import { inTransaction } from '../platform/db/inTransaction';
import { badRequest, notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { consentNow, customerConsent, recordConsentChange } from './consentRecords';

const CHECK_FIELDS = 'Bitte prüfen Sie die markierten Felder.';

/** The customer page's consent: read it with its history, record a grant or a withdrawal. */
export function registerConsentRoutes(app: FastifyInstance) {
  const { db, timeZone } = app;
  endpointRoute(app, getCustomerConsent, async (request) => customerConsent(db, request.params.id));

  // With an Idempotency-Key the record is written in the key's transaction: a double click records once.
  endpointRoute(app, recordConsent, async (request, _reply, trx) => {
    const { customerId, granted, source, givenOn } = request.body;
    const note = request.body.note?.trim() || null;
    if (givenOn > companyToday(timeZone)) {
      throw badRequest(CHECK_FIELDS, { givenOn: 'Der Tag darf nicht in der Zukunft liegen.' });
    }
    await inTransaction(trx, async (work) => {
      const now = await consentNow(work, customerId, true);
      if (now === undefined) throw notFound('Diesen Kunden gibt es nicht (mehr).');
      if (!granted && !now) {
        throw badRequest('Es liegt keine Einwilligung vor, die widerrufen werden könnte.', {
          granted: 'Der Kunde hat keine Einwilligung in Werbung per E-Mail.',
        });
      }
      await recordConsentChange(work, request.caller!, { customerId, granted, source, givenOn, note });
    });
    return customerConsent(trx, customerId);
  });
}
