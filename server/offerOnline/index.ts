import { defineServerArea } from '../platform/areas/defineServerArea';
import { publicOfferRoutes } from './publicOfferRoutes';
import { registerSellerOfferRoutes } from './sellerOfferRoutes';

// What other areas use: the mail dialog's sending makes the link; the DSGVO reaches the area's rows.
export { prepareOfferLink, recordOfferLink, withOfferLink } from './sendOnlineOffer';
export { eraseOfferLinks, offerLinkData } from './offerLinkPrivacy';
// The customer's answers on the customer's and the Vorgang's timeline.
export { offerTimelineEntries } from './offerTimelineQueries';

/**
 * Angebot online: the link in the offer mail, the public page (annehmen with a code, Rückfrage, ablehnen), the
 * evidence and Annahmebestätigung, the seller's panel, the customer's answers on the timelines, the legal texts
 */
export default defineServerArea({
  async plugin(app) {
    registerSellerOfferRoutes(app);
    await app.register(publicOfferRoutes);
  },
});
