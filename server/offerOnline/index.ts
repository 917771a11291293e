import { defineServerArea } from '../platform/areas/defineServerArea';
import { publicOfferRoutes } from './publicOfferRoutes';
import { registerSellerOfferRoutes } from './sellerOfferRoutes';

// What other areas use: the mail dialog's sending makes the link; the DSGVO reaches the area's rows.
export { prepareOfferLink, recordOfferLink, withOfferLink } from './sendOnlineOffer';
export { eraseOfferLinks, offerLinkData } from './offerLinkPrivacy';

/**
 * Angebot online: the link in the offer mail, the public page (annehmen with a code, Rückfrage, ablehnen),
 * the evidence and Annahmebestätigung, the seller's panel, the legal texts
 *
 * Angebot online: a personal link to the mailed offer, accept with a one-time code, evidence, legal texts.
 */
export default defineServerArea({
  async plugin(app) {
    registerSellerOfferRoutes(app);
    await app.register(publicOfferRoutes);
  },
});
