import { defineServerArea } from '../platform/areas/defineServerArea';
import { publicOfferRoutes } from './publicOfferRoutes';
import { registerSellerOfferRoutes } from './sellerOfferRoutes';

// What other areas use: the mail dialog's sending makes the link; the DSGVO reaches the area's rows.
export { prepareOfferLink, recordOfferLink, withOfferLink } from './sendOnlineOffer';
export { eraseOfferLinks, offerLinkData } from './offerLinkPrivacy';
// The customer's answers on the customer's and the Vorgang's timeline.
export { offerTimelineEntries } from './offerTimelineQueries';

/**
 * Angebot online: a personal link to the mailed offer, accept with a one-time code, evidence, legal texts.
 *
 * The public page (annehmen with a code, Rückfrage, ablehnen), the evidence and Annahmebestätigung, the seller's
 * panel, the customer's answers on the timelines, the legal texts per tenant.
 */
export default defineServerArea({
  async plugin(app) {
    registerSellerOfferRoutes(app);
    await app.register(publicOfferRoutes);
  },
});
