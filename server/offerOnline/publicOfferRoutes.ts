import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formalName } from '../../src/resources/customers/addressee.rules';
import {
  CODE_VALID_MINUTES,
  CODES_PER_HOUR,
  maskEmail,
  messageProblem,
} from '../../src/resources/offerOnline/offerOnline.rules';
import {
  acceptOffer,
  askAboutOffer,
  declineOffer,
  getPublicOffer,
  getPublicOfferPdf,
  requestOfferCode,
} from '../../src/resources/offerOnline/publicOffer.endpoints';
import { queueMail } from '../mail/mailOutbox';
import { ApiError, badRequest } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { acceptOnlineOffer } from './acceptOffer';
import { currentByKind } from './legalTextQueries';
import { readPdf } from './offerFiles';
import { countOpening, openOfferLink, recordOfferEvent } from './offerLinkQueries';
import { newOfferCode, offerCodeHash, offerTokenHash } from './offerToken';
import { invalidOfferLink } from './publicOfferErrors';
import { CUSTOMER_ACTOR, todoForSeller } from './sellerTodo';
import { recordChange } from '../platform/changes/recordChange';

const CODE_MASK = '[Bestätigungscode]';

/** Where a call came from, as the evidence keeps it. */
const origin = (request: FastifyRequest) => ({
  ip: request.ip ?? null,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500) || null,
});

/**
 * The public offer page's calls (no sign-in): read the offer (an opening), its PDF, a code, accept, ask,
 * decline. Every declaration asks for the 'publicLink' limit (30 a minute per address and route); answers
 * carry `X-Robots-Tag: noindex`, and every failure of the link is the same 404.
 */
export async function publicOfferRoutes(app: FastifyInstance) {
  const { db, timeZone } = app;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
  });
  const link = async (token: string, lock = false) => {
    const found = await openOfferLink(db, offerTokenHash(token), timeZone, lock);
    if (!found) throw invalidOfferLink();
    return found;
  };

  endpointRoute(app, getPublicOffer, async (request) => {
    const offer = await link(request.params.token);
    await countOpening(db, offer.id, origin(request));
    const [texts, settings] = await Promise.all([
      currentByKind(db),
      db.selectFrom('global_settings').select('company_name').where('id', '=', 1).executeTakeFirst(),
    ]);
    const consumer = offer.customerType === 'privat';
    const text = (value: { id: number; body: string } | undefined) =>
      value ? { id: value.id, body: value.body } : null;
    return {
      company: settings?.company_name || null,
      addressee: formalName(offer),
      belegNumber: offer.belegNumber,
      vorgangTitle: offer.vorgangTitle,
      validUntil: offer.validUntil,
      fileName: offer.pdfFileName ?? `Angebot_${offer.belegNumber}.pdf`,
      maskedEmail: maskEmail(offer.email),
      consumer,
      agb: text(texts.agb) ?? { id: 0, body: '' },
      widerruf: consumer ? text(texts.widerruf) : null,
      formular: consumer ? text(texts.widerrufsformular) : null,
    };
  });

  endpointRoute(app, getPublicOfferPdf, async (request, reply) => {
    const offer = await link(request.params.token);
    if (!offer.pdfStoredName) throw invalidOfferLink();
    const bytes = await readPdf(app.fileStore, offer.pdfStoredName);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${offer.pdfFileName ?? 'Angebot.pdf'}"`)
      .header('cache-control', 'no-store')
      .send(bytes);
  });

  endpointRoute(app, requestOfferCode, async (request) => {
    const offer = await link(request.params.token);
    const code = newOfferCode();
    await db.transaction().execute(async (trx) => {
      const recent = await trx
        .selectFrom('offer_code')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('offer_link_id', '=', offer.id)
        .where('sent_at', '>', new Date(Date.now() - 3_600_000))
        .executeTakeFirstOrThrow();
      if (Number(recent.count) >= CODES_PER_HOUR) {
        throw new ApiError(
          429,
          'Es wurden schon mehrere Codes gesendet. Bitte prüfen Sie Ihr Postfach oder versuchen Sie es in einer Stunde erneut.',
        );
      }
      await trx
        .insertInto('offer_code')
        .values({
          offer_link_id: offer.id,
          code_hash: offerCodeHash(offer.id, code),
          email: offer.email,
          expires_at: new Date(Date.now() + CODE_VALID_MINUTES * 60_000),
        })
        .execute();
      // Through the Postausgang like every mail; the code itself is only in the mail that leaves.
      await queueMail(
        trx,
        app.jobs,
        { oid: offer.senderOid ?? '', tid: '', name: offer.sentBy, username: '', groups: [] },
        {
          customerId: offer.customerId,
          vorgangId: offer.vorgangId,
          templateId: null,
          recipient: offer.email,
          subject: `Ihr Bestätigungscode für das Angebot ${offer.belegNumber}`,
          body:
            `Guten Tag,\n\nIhr Bestätigungscode lautet: ${CODE_MASK}\n\nEr gilt ${CODE_VALID_MINUTES} Minuten ` +
            `und nur für die Annahme des Angebots ${offer.belegNumber}. Wenn Sie ihn nicht angefordert haben, ` +
            `ignorieren Sie diese E-Mail bitte.`,
          bulkJobId: null,
          purpose: null,
          hiddenFills: { [CODE_MASK]: code },
        },
      );
      await recordOfferEvent(trx, offer.id, 'code_gesendet', origin(request), maskEmail(offer.email));
    });
    return { maskedEmail: maskEmail(offer.email), validMinutes: CODE_VALID_MINUTES };
  });

  endpointRoute(app, acceptOffer, async (request) =>
    acceptOnlineOffer(app, request.params.token, request.body ?? {}, origin(request)),
  );

  endpointRoute(app, askAboutOffer, async (request) => {
    const problem = messageProblem(request.body?.message, true);
    if (problem) throw badRequest('Bitte prüfen Sie Ihre Angaben.', { message: problem });
    const message = String(request.body!.message).trim();
    await db.transaction().execute(async (trx) => {
      const offer = await link(request.params.token);
      await recordOfferEvent(trx, offer.id, 'rueckfrage', origin(request), message);
      await todoForSeller(
        trx,
        offer,
        { title: `Rückfrage zum Angebot ${offer.belegNumber}`, note: message },
        timeZone,
      );
    });
    return { saved: true };
  });

  endpointRoute(app, declineOffer, async (request) => {
    const problem = messageProblem(request.body?.reason, false);
    if (problem) throw badRequest('Bitte prüfen Sie Ihre Angaben.', { reason: problem });
    const reason = typeof request.body?.reason === 'string' ? request.body.reason.trim() || null : null;
    await db.transaction().execute(async (trx) => {
      const offer = await openOfferLink(trx, offerTokenHash(request.params.token), timeZone, true);
      if (!offer) throw invalidOfferLink();
      await trx
        .updateTable('offer_link')
        .set({ state: 'abgelehnt', decided_at: new Date(), decline_reason: reason })
        .where('id', '=', offer.id)
        .execute();
      await recordOfferEvent(trx, offer.id, 'abgelehnt', origin(request), reason);
      await recordChange(trx, {
        actor: CUSTOMER_ACTOR,
        area: 'angebot-online',
        recordId: offer.id,
        before: { state: 'offen' },
        after: { state: 'abgelehnt', declineReason: reason },
        customerId: offer.customerId,
        vorgangId: offer.vorgangId,
      });
      await todoForSeller(
        trx,
        offer,
        {
          title: `Angebot ${offer.belegNumber} abgelehnt – Vorgang als verloren markieren?`,
          note: reason ? `Grund des Kunden (als Verlustgrund): ${reason}` : 'Ohne Angabe eines Grundes.',
        },
        timeZone,
      );
    });
    return { saved: true };
  });
}
