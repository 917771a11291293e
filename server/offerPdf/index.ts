import type { FastifyInstance } from 'fastify';
import { registerOfferPdfRoutes } from './offerPdfRoutes';

/** Vereinfachtes Angebot: the PDF of an Angebot in the company's letterhead, and each seller's settings. */
export async function offerPdfArea(app: FastifyInstance) {
  registerOfferPdfRoutes(app);
}
