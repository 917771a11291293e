import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerOfferPdfRoutes } from './offerPdfRoutes';

/**
 * the Vereinfachtes Angebot (PDF) and each seller's settings for it
 *
 * Vereinfachtes Angebot: the PDF of an Angebot in the company's letterhead, and each seller's settings.
 */
export default defineServerArea({
  async plugin(app) {
    registerOfferPdfRoutes(app);
  },
});
