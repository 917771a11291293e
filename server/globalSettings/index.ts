import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerGlobalSettingsRoutes } from './globalSettingsRoutes';

/**
 * Globale Einstellungen (company data, mail sender, default due days, NPS settings) and the Stammdaten, the
 * admins' lookup lists (Anrede, Herkunft, Aktivitätsart …)
 *
 * Globale Einstellungen.
 */
export default defineServerArea({
  async plugin(app) {
    registerGlobalSettingsRoutes(app);
  },
});
