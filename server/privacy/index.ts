import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerPrivacyRoutes } from './privacyRoutes';

/** Datenschutz (DSGVO): a customer's data report (Art. 15) and its erasure (Art. 17), for the administration. */
export default defineServerArea({
  async plugin(app) {
    registerPrivacyRoutes(app);
  },
});
