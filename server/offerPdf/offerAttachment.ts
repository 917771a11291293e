import type { FastifyInstance } from 'fastify';
import type { Caller } from '../platform/auth/caller';
import { badRequest } from '../platform/http/apiError';
import { makeSimplifiedOffer } from './simplifiedOffer';

/**
 * The simplified offer of an Angebot as a mail attachment, made with the sender's saved settings; 400 when
 * the Beleg belongs to another customer (the mail would leak another customer's offer).
 */
export async function offerAttachment(
  app: FastifyInstance,
  caller: Caller,
  customerId: number,
  belegId: number,
) {
  const services = { db: app.db, tenantId: app.tenantId, timeZone: app.timeZone, log: app.log };
  const offer = await makeSimplifiedOffer(services, caller, belegId);
  if (offer.header.customerId !== customerId) {
    throw badRequest('Dieses Angebot gehört zu einem anderen Kunden.', {
      simplifiedOfferBelegId: 'Bitte wählen Sie ein Angebot dieses Kunden.',
    });
  }
  const kilobytes = Math.max(1, Math.round(offer.pdf.length / 1024));
  return {
    file: { filename: offer.fileName, content: offer.pdf, contentType: 'application/pdf' },
    label: `${offer.fileName} (${kilobytes} kB)`,
    vorgangId: offer.header.vorgangId,
    /** The offer's Gültig bis (yyyy-MM-dd, company day), as printed. */
    validUntil: offer.validUntilDay,
    belegNumber: offer.header.belegNumber,
  };
}
