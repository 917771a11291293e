import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerConsentRoutes } from './consentRoutes';
import { publicUnsubscribeRoutes } from './publicUnsubscribeRoutes';

/**
 * Consent to advertising by e-mail: the record on the customer page, the rule every sending path asks
 * (consentRule.ts), the unsubscribe links of Werbung mails and their public page's calls.
 */
export default defineServerArea({
  async plugin(app) {
    registerConsentRoutes(app);
    await app.register(publicUnsubscribeRoutes);
  },
});
