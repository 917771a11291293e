import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerConsentRoutes } from './consentRoutes';
import { publicUnsubscribeRoutes } from './publicUnsubscribeRoutes';

/**
 * Einwilligung in Werbung per E-Mail: the record per customer (who, when, how; withdrawals), shown on the customer
 * page; the one rule every sending path asks (Werbe-Vorlagen only with consent); the unsubscribe links of Werbe-
 * Mails, their public page /abmelden/… and the mail programs' one-click unsubscribe (RFC 8058)
 *
 * Consent to advertising by e-mail: the record on the customer page, the rule every sending path asks
 * (consentRule.ts), the unsubscribe links of Werbung mails and their public page's calls.
 */
export default defineServerArea({
  async plugin(app) {
    registerConsentRoutes(app);
    await app.register(publicUnsubscribeRoutes);
  },
});
